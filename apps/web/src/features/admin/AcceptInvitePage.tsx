import { LockOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, APP, AUTH_MESSAGES, AcceptInviteInputSchema, type AcceptInviteInput } from '@crm/domain';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { zodRules } from '../../kit/form/zod-rules';
import { passwordPolicyRule } from '../../kit/form/password-policy-rule';
import { sessionStore } from '../../kit/session/session';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

type Values = Omit<AcceptInviteInput, 'token'>;
const M = ADMIN_MESSAGES.invite;

/**
 * /auth/accept-invite?token=...: the page an invitation (or an admin's reset) links to. The user chooses a password
 * and is signed in (this tab's session), then lands on the dashboard with the menu their role allows. A guest page:
 * a signed-in browser goes to its dashboard instead.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(token ? null : M.invalid);
  const accept = trpc.users.acceptInvite.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const submit = async (values: Values) => {
    setError(null);
    try {
      const session = await accept.mutateAsync({ ...values, token });
      // The guest guard then moves this tab on to the dashboard.
      sessionStore.login(session, 'session');
    } catch (caught) {
      setError(toApiError(caught).message);
    }
  };

  return (
    <main
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: '#f5f5f5' }}
    >
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {M.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {APP.NAME}: {M.intro}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={accept.isPending || !token}>
          <Form.Item
            name="password"
            label="Password"
            validateFirst
            rules={[...zodRules(AcceptInviteInputSchema, 'password'), passwordPolicyRule()]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="Confirm Password"
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(AUTH_MESSAGES.passwordsDoNotMatch)),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={accept.isPending}>
            {M.submit}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
