import { FileProtectOutlined } from '@ant-design/icons';
import { ENVELOPE_MESSAGES as M, ENVELOPE_STATUS_COLORS, ENVELOPE_STATUS_LABELS, formatInZone, populated } from '@crm/domain';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { type RouterOutputs, trpc } from '../../../app/trpc';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { SendForSignatureModal } from './SendForSignatureModal';

type EnvelopeRow = RouterOutputs['envelopes']['list']['data'][number];
const REFRESH_WHILE_SENDING_MS = 3000;

/**
 * The lead's documents for signature (docs/api.md 'DocuSign'): each PDF sent, its signer and where it stands
 * (sending, sent, opened, signed, declined...), the list refreshed while one is still on its way to DocuSign.
 */
export function EnvelopesCard({ leadId, canUpdate }: { leadId: string; canUpdate: boolean }) {
  const [sending, setSending] = useState(false);
  const { timeZone } = browserLocale();
  const envelopes = trpc.envelopes.list.useQuery(
    { filter: { query: { lead: leadId }, populate: ['file'], sort: { createdAt: -1 }, limit: 50 } },
    { refetchInterval: (query) => (query.state.data?.data.some((row) => row.status === 'queued') ? REFRESH_WHILE_SENDING_MS : false) },
  );
  const when = (value: string | null | undefined) => (value ? formatInZone(value, DATE_TIME_FORMAT, timeZone) : '-');
  const columns: ColumnsType<EnvelopeRow> = [
    { title: 'Document', key: 'file', render: (_, row) => populated(row.file)?.name ?? '-' },
    { title: 'Subject', key: 'subject', render: (_, row) => row.subject ?? '-' },
    { title: 'Signer', key: 'signerName', render: (_, row) => row.signerName ?? '-' },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => {
        const status = row.status ?? 'queued';
        return (
          <Space size={4} wrap>
            <Tag color={ENVELOPE_STATUS_COLORS[status]}>{ENVELOPE_STATUS_LABELS[status]}</Tag>
            {row.error ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {row.error}
              </Typography.Text>
            ) : null}
          </Space>
        );
      },
    },
    { title: 'Sent At', key: 'sentAt', render: (_, row) => when(row.sentAt) },
    { title: 'Signed At', key: 'completedAt', render: (_, row) => when(row.completedAt) },
  ];
  return (
    <Card
      title={M.title}
      style={{ marginBottom: 16 }}
      data-testid="lead-envelopes"
      extra={
        canUpdate ? (
          <Button icon={<FileProtectOutlined />} onClick={() => setSending(true)}>
            {M.send}
          </Button>
        ) : null
      }
    >
      <Table<EnvelopeRow>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={envelopes.data?.data ?? []}
        loading={envelopes.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{M.none}</Typography.Text>} /> }}
        scroll={{ x: true }}
      />
      {canUpdate ? <SendForSignatureModal leadId={leadId} open={sending} onClose={() => setSending(false)} /> : null}
    </Card>
  );
}
