import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { APP, LoginInputSchema, type LoginInput } from '@crm/domain';
import { Alert, Button, Card, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { zodRules } from '../../kit/form/zod-rules';
import { sessionStore } from '../../kit/session/session';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface LoginFormValues extends LoginInput {
  remember: boolean;
}

/** What a sign-in's 401 asks for when a second factor is needed: a code, or setting it up first (with the secret). */
interface SecondFactor {
  step: string;
  secret?: string;
  otpauthUrl?: string;
}

function secondFactorOf(data: unknown): SecondFactor | null {
  if (typeof data !== 'object' || data === null || !('twoFactor' in data) || typeof data.twoFactor !== 'string') return null;
  const text = (key: string) =>
    key in data && typeof (data as Record<string, unknown>)[key] === 'string' ? String((data as Record<string, unknown>)[key]) : undefined;
  const secret = text('secret');
  const otpauthUrl = text('otpauthUrl');
  return { step: data.twoFactor, ...(secret ? { secret } : {}), ...(otpauthUrl ? { otpauthUrl } : {}) };
}

/**
 * /auth. On success the session is stored (localStorage with "remember me", else this tab's
 * sessionStorage) and the other tabs are told; the guest guard then moves this tab on.
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactor | null>(null);
  const login = trpc.auth.login.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const submit = async ({ email, password, remember, code }: LoginFormValues) => {
    setError(null);
    try {
      const session = await login.mutateAsync({ email, password, ...(code ? { code } : {}) });
      sessionStore.login(session, remember ? 'local' : 'session');
    } catch (caught) {
      const apiError = toApiError(caught);
      setError(apiError.message);
      // Two-factor sign-in: the next try carries the authenticator's code.
      const needed = secondFactorOf(apiError.data);
      if (needed) setSecondFactor(needed);
    }
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #f0f5ff 0%, #e6f4ff 50%, #f5f5f5 100%)',
      }}
    >
      <Card style={{ width: '100%', maxWidth: 400, boxShadow: '0 8px 24px rgba(0, 0, 0, 0.08)' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={1} style={{ margin: '12px 0 4px', fontSize: 24 }}>
            {APP.NAME}
          </Typography.Title>
          <Typography.Text type="secondary">Sign in to your account</Typography.Text>
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<LoginFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ remember: true }}
          onFinish={submit}
          disabled={login.isPending}
        >
          <Form.Item name="email" label="Email" rules={zodRules(LoginInputSchema, 'email')} validateTrigger="onBlur">
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus placeholder="you@company.com" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={zodRules(LoginInputSchema, 'password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Password" />
          </Form.Item>
          {secondFactor && (
            <>
              {secondFactor.secret && (
                <Typography.Paragraph>
                  Add this key to your authenticator app:{' '}
                  <Typography.Text code copyable>
                    {secondFactor.secret}
                  </Typography.Text>
                </Typography.Paragraph>
              )}
              <Form.Item name="code" label="Authenticator code">
                <Input autoComplete="one-time-code" inputMode="numeric" maxLength={64} autoFocus />
              </Form.Item>
            </>
          )}
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            Login
          </Button>
        </Form>
      </Card>
    </main>
  );
}
