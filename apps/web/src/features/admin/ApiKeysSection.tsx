import { PlusOutlined } from '@ant-design/icons';
import { apiKeyContract, MESSAGES, PERMISSIONS, type ApiKeyCreated } from '@crm/domain';
import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { useCan } from '../../kit/session/useCan';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { ApiKeyCreateModal } from './ApiKeyCreateModal';
import { ApiKeySecretModal } from './ApiKeySecretModal';

type ApiKeys = typeof apiKeyContract;

const COLUMNS: readonly ColumnSpec<ApiKeys>[] = ['name', 'prefix', 'permissions', 'lastUsedAt', 'revokedAt', 'createdAt'];

/** The API keys tab of /integrations (docs/api.md 'API keys'): create (the secret shown once), list, revoke. */
export function ApiKeysSection() {
  const { modal, message } = App.useApp();
  const can = useCan();
  const manage = can([PERMISSIONS.INTEGRATIONS_VIEW]);
  const utils = trpc.useUtils();
  const revoke = trpc.apiKeys.revoke.useMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const confirmRevoke = (row: { _id: string; name?: string }) =>
    modal.confirm({
      title: MESSAGES.apiKey.revokeConfirm(row.name ?? row._id),
      okText: MESSAGES.apiKey.revoke,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await revoke.mutateAsync({ id: row._id });
          void message.success(MESSAGES.apiKey.revokeDone);
        } catch {
          // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
        } finally {
          void utils.apiKeys.invalidate();
        }
      },
    });

  const table = useResourceTable(apiKeyContract, {
    screen: 'api-keys',
    columns: COLUMNS,
    rowName: (row) => row.name ?? row._id,
    rowActions: (row) =>
      manage && !row.revokedAt ? (
        <Button size="small" danger onClick={() => confirmRevoke(row)} aria-label={`${MESSAGES.apiKey.revoke} ${row.name ?? ''}`}>
          {MESSAGES.apiKey.revoke}
        </Button>
      ) : null,
  });

  return (
    <>
      <Card
        title={MESSAGES.apiKey.heading}
        extra={
          manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {MESSAGES.apiKey.add}
            </Button>
          )
        }
      >
        <Typography.Paragraph>{MESSAGES.apiKey.intro}</Typography.Paragraph>
        <ResourceTable table={table} />
      </Card>
      <ApiKeyCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          void utils.apiKeys.invalidate();
        }}
      />
      <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
