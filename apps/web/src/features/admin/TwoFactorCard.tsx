import { ADMIN_MESSAGES, type RecoveryCodes, type TwoFactorSetup } from '@crm/domain';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

/**
 * The caller's own two-factor sign-in: start (a secret to add to an authenticator app, as text and as its
 * otpauth:// link), confirm with the first code (the recovery codes are shown once), or turn it off.
 */
export function TwoFactorCard() {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const setup = trpc.twoFactor.setup.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const enable = trpc.twoFactor.enable.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const disable = trpc.twoFactor.disable.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
      setCode('');
    } catch (caught) {
      setError(toApiError(caught).message);
    } finally {
      void utils.twoFactor.status.invalidate();
    }
  };
  const on = status.data?.enabled === true;

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Two-factor sign-in</h2>} loading={status.isLoading}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph>
        {on
          ? `On. ${status.data?.recoveryCodesLeft ?? 0} recovery codes left.${status.data?.required ? ' Your role requires it.' : ''}`
          : 'Off. Sign in with a code from an authenticator app as well as your password.'}
      </Typography.Paragraph>
      {!on && !pending && (
        <Button onClick={() => run(async () => setPending(await setup.mutateAsync()))} loading={setup.isPending}>
          Set up two-factor sign-in
        </Button>
      )}
      {!on && pending && (
        <>
          <Typography.Paragraph>
            Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.
          </Typography.Paragraph>
          <Typography.Paragraph copyable code data-testid="totp-secret">
            {pending.secret}
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: pending.otpauthUrl }} style={{ wordBreak: 'break-all' }}>
            <a href={pending.otpauthUrl}>{pending.otpauthUrl}</a>
          </Typography.Paragraph>
        </>
      )}
      {(pending || on) && (
        <Form layout="inline" onFinish={() => undefined} style={{ marginTop: 8 }}>
          <Form.Item label="Code" htmlFor="two-factor-code">
            <Input
              id="two-factor-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={64}
            />
          </Form.Item>
          <Space>
            {!on && (
              <Button
                type="primary"
                loading={enable.isPending}
                onClick={() =>
                  run(async () => {
                    setCodes(await enable.mutateAsync({ code }));
                    setPending(null);
                  })
                }
              >
                Turn on
              </Button>
            )}
            {on && !status.data?.required && (
              <Button danger loading={disable.isPending} onClick={() => run(async () => void (await disable.mutateAsync({ code })))}>
                Turn off
              </Button>
            )}
          </Space>
        </Form>
      )}
      {codes && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="Recovery codes: each works once instead of a code. Keep them somewhere safe; they are shown only now."
          description={
            <Typography.Paragraph copyable={{ text: codes.codes.join('\n') }} code>
              {codes.codes.join('  ')}
            </Typography.Paragraph>
          }
          closable
          onClose={() => {
            setCodes(null);
            void message.success(ADMIN_MESSAGES.settings.saved);
          }}
        />
      )}
    </Card>
  );
}
