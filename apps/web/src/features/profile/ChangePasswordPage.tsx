import { ChangePasswordInputSchema, type ChangePasswordInput } from '@crm/domain';
import { App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { PageHeader } from '../../kit/page/PageHeader';
import { passwordPolicyRule } from '../../kit/form/password-policy-rule';
import { zodRules } from '../../kit/form/zod-rules';
import { sessionStore } from '../../kit/session/session';
import { useProfile } from '../../kit/session/useProfile';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

export function ChangePasswordPage() {
  const { message } = App.useApp();
  const change = trpc.profile.changePassword.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const profile = useProfile().data;
  const [form] = Form.useForm<ChangePasswordInput>();
  const [errors, setErrors] = useState<string[]>([]);

  const save = async (values: ChangePasswordInput) => {
    setErrors([]);
    try {
      // The server revokes the old token and answers a new session: keep working with it, here and in the other tabs.
      const session = await change.mutateAsync(values);
      sessionStore.update(session);
      form.resetFields();
      void message.success('Password has been changed successfully');
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <>
      <PageHeader title="Change Password" />
      <Card style={{ maxWidth: 560 }}>
        <ErrorList messages={errors} />
        <Form<ChangePasswordInput> form={form} layout="vertical" onFinish={save}>
          <Form.Item name="currentPassword" label="Current Password" rules={zodRules(ChangePasswordInputSchema, 'currentPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label="New Password"
            dependencies={['currentPassword']}
            validateFirst
            rules={[...zodRules(ChangePasswordInputSchema, 'password'), passwordPolicyRule(() => [profile?.email, profile?.fullName])]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="Confirm Password"
            dependencies={['password']}
            rules={zodRules(ChangePasswordInputSchema, 'confirmPassword')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Form>
      </Card>
    </>
  );
}
