import { ChangePasswordInputSchema, type ChangePasswordInput } from '@crm/domain';
import { App, Button, Card, Form, Input } from 'antd';
import { trpc } from '../../app/trpc';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { PageHeader } from '../../kit/page/PageHeader';
import { passwordPolicyRule } from '../../kit/form/password-policy-rule';
import { sessionStore } from '../../kit/session/session';
import { useProfile } from '../../kit/session/useProfile';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

export function ChangePasswordPage() {
  const { message } = App.useApp();
  const change = trpc.profile.changePassword.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const profile = useProfile().data;
  const { form, rules, errors, formProps } = useCallForm({
    schema: ChangePasswordInputSchema,
    call: change.mutateAsync,
    onDone: (session) => {
      // The server revokes the old token and answers a new session: keep working with it, here and in the other tabs.
      sessionStore.update(session);
      form.resetFields();
      void message.success('Password has been changed successfully');
    },
  });

  return (
    <>
      <PageHeader title="Change Password" />
      <Card style={{ maxWidth: 560 }}>
        <ErrorList messages={errors} />
        <Form<ChangePasswordInput> {...formProps} layout="vertical">
          <Form.Item name="currentPassword" label="Current Password" rules={rules('currentPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label="New Password"
            dependencies={['currentPassword']}
            validateFirst
            rules={[...rules('password'), passwordPolicyRule(() => [profile?.email, profile?.fullName])]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label="Confirm Password" dependencies={['password']} rules={rules('confirmPassword')}>
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
