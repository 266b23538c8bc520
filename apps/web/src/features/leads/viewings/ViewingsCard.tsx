import { PlusOutlined } from '@ant-design/icons';
import {
  formatInZone,
  populated,
  VIEWING_MESSAGES as M,
  VIEWING_STATUS_COLORS,
  VIEWING_STATUS_LABELS,
  viewingContract,
  type ViewingStatus,
} from '@crm/domain';
import { App, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { type RouterOutputs, trpc } from '../../../app/trpc';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { ResourceDrawer } from '../../../kit/form/ResourceDrawer';
import { CalendarConnectAlert } from './CalendarConnectAlert';
import { viewingFormFor } from './viewing-form';

type ViewingRow = RouterOutputs['viewings']['list']['data'][number];

const STATUS_ACTIONS: { status: ViewingStatus; label: string; done: string; danger?: boolean }[] = [
  { status: 'done', label: M.markDone, done: M.markedDone },
  { status: 'no-show', label: M.noShowAction, done: M.noShow },
  { status: 'cancelled', label: M.cancel, done: M.cancelled, danger: true },
];

interface ViewingsCardProps {
  leadId: string;
  agentId: string | null;
  canUpdate: boolean;
}

/**
 * A lead's viewings on its page (docs/product.md 'Viewings'): when, who, status, its calendar event and feedback
 * request; 'Schedule viewing' opens the form in a drawer, and a scheduled viewing is marked done, no-show or cancelled.
 */
export function ViewingsCard({ leadId, agentId, canUpdate }: ViewingsCardProps) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [scheduling, setScheduling] = useState(false);
  /** The viewing and status being saved (its button spins). */
  const [saving, setSaving] = useState<string | null>(null);
  const { timeZone } = browserLocale();
  const viewings = trpc.viewings.list.useQuery({
    filter: { query: { lead: leadId }, populate: ['agent', 'listing', 'project'], sort: { startsAt: -1 }, limit: 50 },
  });
  const update = trpc.viewings.update.useMutation({
    onSuccess: () => void utils.viewings.invalidate(),
    onSettled: () => setSaving(null),
  });
  const mark = (row: ViewingRow, action: (typeof STATUS_ACTIONS)[number]) => {
    setSaving(`${row._id}:${action.status}`);
    update.mutate({ id: row._id, data: { status: action.status } }, { onSuccess: () => void message.success(action.done) });
  };
  const spec = useMemo(() => viewingFormFor(leadId, agentId), [leadId, agentId]);
  const when = (value: string | null | undefined) => (value ? formatInZone(value, DATE_TIME_FORMAT, timeZone) : '-');

  const columns: ColumnsType<ViewingRow> = [
    { title: 'When', key: 'startsAt', render: (_, row) => when(row.startsAt) },
    { title: 'Duration', key: 'durationMinutes', render: (_, row) => `${row.durationMinutes ?? '-'} min` },
    { title: 'Agent', key: 'agent', render: (_, row) => populated(row.agent)?.name ?? '-' },
    {
      title: 'Property',
      key: 'property',
      render: (_, row) => populated(row.listing)?.reference ?? populated(row.project)?.name ?? '-',
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => {
        const status = row.status ?? 'scheduled';
        return (
          <Space size={4} wrap>
            <Tag color={VIEWING_STATUS_COLORS[status]}>{VIEWING_STATUS_LABELS[status]}</Tag>
            {row.calendarEventId ? <Tag color="geekblue">{M.onCalendar}</Tag> : null}
            {row.calendarError ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {row.calendarError}
              </Typography.Text>
            ) : null}
            {row.feedbackRequestedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {M.feedbackRequested(when(row.feedbackRequestedAt))}
              </Typography.Text>
            ) : null}
          </Space>
        );
      },
    },
    { title: 'Notes', key: 'notes', render: (_, row) => row.notes || '-' },
    ...(canUpdate
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: ViewingRow) =>
              row.status === 'scheduled' ? (
                <Space size={4} wrap>
                  {STATUS_ACTIONS.map((action) => (
                    <Tooltip key={action.status} title={`${action.label}: ${when(row.startsAt)}`}>
                      <Button
                        size="small"
                        danger={action.danger}
                        loading={saving === `${row._id}:${action.status}`}
                        onClick={() => mark(row, action)}
                      >
                        {action.label}
                      </Button>
                    </Tooltip>
                  ))}
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Card
      title={M.title}
      style={{ marginBottom: 16 }}
      data-testid="lead-viewings"
      extra={
        canUpdate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setScheduling(true)}>
            {M.schedule}
          </Button>
        ) : null
      }
    >
      <CalendarConnectAlert />
      <Table<ViewingRow>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={viewings.data?.data ?? []}
        loading={viewings.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{M.none}</Typography.Text>} /> }}
        scroll={{ x: true }}
      />
      <ResourceDrawer
        contract={viewingContract}
        spec={spec}
        open={scheduling}
        onClose={() => setScheduling(false)}
        onSaved={() => {
          setScheduling(false);
          void utils.viewings.invalidate();
        }}
      />
    </Card>
  );
}
