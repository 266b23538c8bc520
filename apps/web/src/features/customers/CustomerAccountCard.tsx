import { type ContractRecord, type customerContract, formatInZone, MESSAGES, YES_NO_COLORS } from '@crm/domain';
import { App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { trpc } from '../../app/trpc';
import { DATE_TIME_FORMAT } from '../../kit/display/field-text';
import { CustomerPasswordModal, type PasswordAction } from './CustomerPasswordModal';

interface CustomerAccountCardProps {
  customer: ContractRecord<typeof customerContract>;
}

/**
 * A customer's own login (docs/api.md 'Other calls'): the login switch (change-status), the password
 * (add-credentials, change-password) and the quick-login link (POST and DELETE customers/login-url).
 */
export function CustomerAccountCard({ customer }: CustomerAccountCardProps) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [password, setPassword] = useState<PasswordAction | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => void utils.customers.invalidate();
  // A failure shows the server's message by default (kit/api/mutation-errors.ts).
  const status = trpc.customers.changeStatus.useMutation({ onSuccess: refresh });
  const create = trpc.customers.createLoginUrl.useMutation({ onSuccess: refresh });
  const revoke = trpc.customers.revokeLoginUrl.useMutation({ onSuccess: refresh });
  const { timeZone } = browserLocale();
  const on = customer.loginEnabled;
  const expires = customer.quickLoginExpiresAt;

  const switchLogin = () =>
    status.mutate(
      { id: customer._id, enabled: !on },
      { onSuccess: () => void message.success(on ? MESSAGES.customer.loginDisabled : MESSAGES.customer.loginEnabled) },
    );
  const createLink = () =>
    create.mutate(
      { customer: customer._id },
      {
        onSuccess: (answer) => {
          setLink(answer.data.url);
          void message.success(MESSAGES.customer.loginLinkCreated);
        },
      },
    );
  const revokeLink = () =>
    revoke.mutate(
      { customer: customer._id },
      {
        onSuccess: () => {
          setLink(null);
          void message.success(MESSAGES.customer.loginLinkRevoked);
        },
      },
    );

  return (
    <Card title={MESSAGES.customer.account} style={{ marginBottom: 16 }} data-testid="customer-account">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'login',
            label: MESSAGES.customer.login,
            children: (
              <Space wrap>
                <Tag color={YES_NO_COLORS[on ? 'Yes' : 'No']}>{on ? MESSAGES.customer.loginOn : MESSAGES.customer.loginOff}</Tag>
                <Button onClick={switchLogin} loading={status.isPending}>
                  {on ? MESSAGES.customer.disableLogin : MESSAGES.customer.enableLogin}
                </Button>
                <Button onClick={() => setPassword('add')}>{MESSAGES.customer.addCredentials}</Button>
                <Button onClick={() => setPassword('change')}>{MESSAGES.customer.changePassword}</Button>
              </Space>
            ),
          },
          {
            key: 'link',
            label: MESSAGES.customer.quickLogin,
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text data-testid="quick-login-expiry">
                    {expires
                      ? MESSAGES.customer.loginLinkExpires(formatInZone(expires, DATE_TIME_FORMAT, timeZone))
                      : MESSAGES.customer.noLoginLink}
                  </Typography.Text>
                  <Button onClick={createLink} loading={create.isPending}>
                    {MESSAGES.customer.createLoginLink}
                  </Button>
                  {expires && (
                    <Button danger onClick={revokeLink} loading={revoke.isPending}>
                      {MESSAGES.customer.revokeLoginLink}
                    </Button>
                  )}
                </Space>
                {link && (
                  <Typography.Paragraph
                    copyable={{ text: link, tooltips: [MESSAGES.customer.copyLink, MESSAGES.customer.linkCopied] }}
                    data-testid="quick-login-url"
                  >
                    {link}
                  </Typography.Paragraph>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CustomerPasswordModal customerId={customer._id} action={password} onClose={() => setPassword(null)} />
    </Card>
  );
}
