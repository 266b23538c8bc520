import type { IntegrationLogEntry, IntegrationRecord } from '@crm/domain';
import { Alert, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

// The integration log tab of /integrations: the latest calls to and from providers (webhooks received, provider
// APIs called), their bodies already redacted by the server (no secrets; phones and emails masked).

const OUTCOME_TAGS: Record<IntegrationLogEntry['outcome'], { color: string; text: string }> = {
  ok: { color: 'green', text: 'OK' },
  duplicate: { color: 'blue', text: 'Duplicate' },
  rejected: { color: 'orange', text: 'Rejected' },
  failed: { color: 'red', text: 'Failed' },
};

export function IntegrationLogTab({ records }: { records: readonly IntegrationRecord[] }) {
  const [provider, setProvider] = useState<string | undefined>(undefined);
  const logs = trpc.integrations.logs.useQuery({ limit: 100, ...(provider ? { provider } : {}) });
  const labelOf = (name: string) => records.find((record) => record.provider === name)?.label ?? name;
  const columns: ColumnsType<IntegrationLogEntry> = [
    { key: 'createdAt', title: 'Time', render: (_v, row) => new Date(row.createdAt).toLocaleString() },
    { key: 'provider', title: 'Provider', render: (_v, row) => labelOf(row.provider) },
    { key: 'direction', title: 'Direction', render: (_v, row) => (row.direction === 'inbound' ? 'In' : 'Out') },
    { key: 'operation', title: 'Call', dataIndex: 'operation' },
    { key: 'status', title: 'HTTP status', render: (_v, row) => row.status ?? '—' },
    {
      key: 'outcome',
      title: 'Outcome',
      render: (_v, row) => <Tag color={OUTCOME_TAGS[row.outcome].color}>{OUTCOME_TAGS[row.outcome].text}</Tag>,
    },
    { key: 'durationMs', title: 'Duration (ms)', dataIndex: 'durationMs' },
    { key: 'error', title: 'Error', render: (_v, row) => row.error ?? '' },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form layout="inline">
        <Form.Item label="Provider" htmlFor="integration-log-provider">
          <Select
            id="integration-log-provider"
            allowClear
            placeholder="All providers"
            style={{ minWidth: 220 }}
            value={provider}
            onChange={(value: string | undefined) => setProvider(value)}
            options={records.map((record) => ({ value: record.provider, label: record.label }))}
          />
        </Form.Item>
      </Form>
      {logs.error && <Alert type="error" showIcon message={toApiError(logs.error).message} />}
      <Table<IntegrationLogEntry>
        rowKey="_id"
        size="small"
        loading={logs.isLoading}
        columns={columns}
        dataSource={logs.data ?? []}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: 'No calls logged yet' }}
        expandable={{
          rowExpandable: (row) => row.requestBody !== null || row.responseBody !== null,
          expandedRowRender: (row) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {row.requestBody !== null && (
                <div>
                  <Typography.Text strong>Request</Typography.Text>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(row.requestBody, null, 2)}</pre>
                </div>
              )}
              {row.responseBody !== null && (
                <div>
                  <Typography.Text strong>Response</Typography.Text>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(row.responseBody, null, 2)}</pre>
                </div>
              )}
            </Space>
          ),
        }}
      />
    </Space>
  );
}
