import { formatInZone, formatResponseTime, LEAD_ACTIVITY_KIND, stageColor, type LeadActivity, type LeadActivityKind } from '@crm/domain';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';

/** Assignment history (agent, reason, response time) or stage history (stage, status), newest first. */
export function LeadHistoryTable({
  kind,
  items,
  loading,
  timeZone,
}: {
  kind: LeadActivityKind;
  items: readonly LeadActivity[];
  loading: boolean;
  timeZone: string | undefined;
}) {
  const when = {
    title: kind === LEAD_ACTIVITY_KIND.ASSIGNMENT ? 'Assigned At' : 'Changed At',
    key: 'at',
    width: 200,
    render: (_: unknown, item: LeadActivity) => formatInZone(item.at, DATE_TIME_FORMAT, timeZone),
  };
  const columns: ColumnsType<LeadActivity> =
    kind === LEAD_ACTIVITY_KIND.ASSIGNMENT
      ? [
          when,
          { title: 'Agent', key: 'agent', render: (_: unknown, item: LeadActivity) => item.agent?.name ?? '-' },
          { title: 'Reason', key: 'reason', render: (_: unknown, item: LeadActivity) => item.reason ?? '-' },
          {
            title: 'Response Time',
            key: 'responseMinutes',
            render: (_: unknown, item: LeadActivity) => formatResponseTime(item.responseMinutes),
          },
        ]
      : [
          when,
          {
            title: 'Stage',
            key: 'stage',
            render: (_: unknown, item: LeadActivity) => (item.stage ? <Tag color={stageColor(item.stage)}>{item.stage}</Tag> : '-'),
          },
          { title: 'Status', key: 'status', render: (_: unknown, item: LeadActivity) => item.status ?? '-' },
          { title: 'Change', key: 'title', render: (_: unknown, item: LeadActivity) => item.title },
        ];
  return (
    <Table<LeadActivity>
      data-testid={`lead-history-${kind}`}
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={items.filter((item) => item.kind === kind)}
      loading={loading}
      pagination={false}
    />
  );
}
