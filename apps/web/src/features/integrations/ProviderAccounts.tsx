import type { IntegrationAccount, IntegrationRecord, IntegrationTestResult } from '@crm/domain';
import { Alert, App, Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { AccountForm } from './AccountForm';
import { CopyField } from './CopyField';
import { STATUS_TAGS } from './integration-status';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

// The accounts of a provider an asset connects several times (Property Finder; multi-apps/{x}): each with its
// status, its webhook address and subscriptions, a test, and its settings to edit; one added, or removed (its
// webhooks unsubscribed and its jobs cancelled by the server).

interface ProviderAccountsProps {
  record: IntegrationRecord;
  accounts: readonly IntegrationAccount[];
}

function AccountCard({ record, account }: { record: IntegrationRecord; account: IntegrationAccount }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const test = trpc.integrations.test.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const remove = trpc.integrations.removeAccount.useMutation();
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const status = STATUS_TAGS[account.status];

  const runTest = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync({ provider: record.provider, account: account._id }));
    } catch (error) {
      setResult({ ok: false, latencyMs: 0, detail: toApiError(error).message });
    } finally {
      void utils.integrations.invalidate();
    }
  };
  const removeAccount = async () => {
    try {
      await remove.mutateAsync({ provider: 'propertyfinder', accountId: account._id });
      void message.success(`${account.label} has been removed`);
    } catch {
      // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
    } finally {
      void utils.integrations.invalidate();
    }
  };

  return (
    <Card size="small" title={account.label} data-testid={`integration-account-${account._id}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={status.color}>{status.text}</Tag>
          <Typography.Text type="secondary">
            {account.webhookEvents.length ? `Webhooks subscribed: ${account.webhookEvents.join(', ')}` : 'Webhooks not subscribed yet'}
          </Typography.Text>
        </Space>
        {account.lastError && <Alert type="warning" showIcon message={`Last error: ${account.lastError}`} />}
        {account.webhookError && <Alert type="warning" showIcon message={account.webhookError} />}
        {account.webhookUrl && (
          <CopyField
            id={`account-webhook-${account._id}`}
            label="Webhook URL"
            value={account.webhookUrl}
            buttonText="Copy webhook URL"
            of={account.label}
            copiedMessage="Webhook URL copied"
          />
        )}
        <Space wrap>
          <Button onClick={() => setEditing((open) => !open)} aria-expanded={editing} aria-label={`Edit ${account.label}`}>
            Edit
          </Button>
          <Button onClick={() => void runTest()} loading={test.isPending} aria-label={`Test ${account.label}`}>
            Test
          </Button>
          <Popconfirm
            title={`Remove ${account.label}?`}
            description="Its webhooks are unsubscribed at the provider and its runs removed."
            okText="Remove"
            cancelText="Cancel"
            onConfirm={() => void removeAccount()}
          >
            <Button danger loading={remove.isPending} aria-label={`Remove ${account.label}`}>
              Remove
            </Button>
          </Popconfirm>
        </Space>
        {result && (
          <Alert
            role="status"
            type={result.ok ? 'success' : 'error'}
            showIcon
            message={result.ok ? `Connected in ${result.latencyMs} ms` : 'Connection failed'}
            description={result.detail}
          />
        )}
        {editing && (
          <AccountForm
            provider={record.provider}
            label={record.label}
            account={account}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        )}
      </Space>
    </Card>
  );
}

export function ProviderAccounts({ record, accounts }: ProviderAccountsProps) {
  const [adding, setAdding] = useState(false);
  const showForm = adding || accounts.length === 0;
  return (
    <section aria-labelledby="integration-accounts-heading">
      <Typography.Title level={3} id="integration-accounts-heading">
        Accounts
      </Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }}>
        {accounts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${record.label} account yet: add one`} />}
        {accounts.map((account) => (
          <AccountCard key={account._id} record={record} account={account} />
        ))}
        {showForm ? (
          <Card size="small" title={`Add a ${record.label} account`}>
            <AccountForm
              provider={record.provider}
              label={record.label}
              account={null}
              onDone={() => setAdding(false)}
              {...(accounts.length ? { onCancel: () => setAdding(false) } : {})}
            />
          </Card>
        ) : (
          <Button onClick={() => setAdding(true)}>Add account</Button>
        )}
      </Space>
    </section>
  );
}
