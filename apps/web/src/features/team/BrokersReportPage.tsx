import { type BrokerStatistics, formatResponseTime, MESSAGES } from '@crm/domain';
import { Alert, Card, Flex, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { DateFilterControl } from '../../kit/table/DateFilterControl';
import { useTeamStatistics } from './useTeamStatistics';

type Agent = BrokerStatistics['agents'][number];

const byNumber = (pick: (row: Agent) => number | null) => (a: Agent, b: Agent) => (pick(a) ?? -1) - (pick(b) ?? -1);

const COLUMNS: TableColumnsType<Agent> = [
  {
    key: 'name',
    title: 'Agent',
    render: (_, row) => (
      <>
        {row.member.name} {!row.member.enabled && <Tag>Disabled</Tag>}
      </>
    ),
    sorter: (a, b) => a.member.name.localeCompare(b.member.name),
  },
  { key: 'office', title: 'Office', render: (_, row) => row.member.officeName ?? MESSAGES.record.empty },
  {
    key: 'assigned',
    title: 'Leads Assigned',
    dataIndex: 'leadsAssigned',
    sorter: byNumber((r) => r.leadsAssigned),
    defaultSortOrder: 'descend',
  },
  { key: 'accepted', title: 'Accepted', dataIndex: 'leadsAccepted', sorter: byNumber((r) => r.leadsAccepted) },
  { key: 'claimed', title: 'Claimed From Pool', dataIndex: 'claimedFromPool', sorter: byNumber((r) => r.claimedFromPool) },
  { key: 'escalated', title: 'Escalated', dataIndex: 'escalated', sorter: byNumber((r) => r.escalated) },
  {
    key: 'response',
    title: 'Average Response Time',
    render: (_, row) => formatResponseTime(row.averageResponseTime),
    sorter: byNumber((r) => r.averageResponseTime),
  },
  {
    key: 'rating',
    title: 'Rating',
    render: (_, row) => (row.ratingAverage === null ? MESSAGES.common.notAvailable : `${row.ratingAverage} (${row.ratingCount})`),
    sorter: byNumber((r) => r.ratingAverage),
  },
];

/** /reports/better-agent: the Brokers report, every agent of the asset over a date range, sortable, by office. */
export function BrokersReportPage() {
  const { now, timeZone, date, setDate, query, agents } = useTeamStatistics();
  const [office, setOffice] = useState<string | undefined>();
  const offices = useMemo(
    () => [...new Set(agents.map((a) => a.member.officeName).filter((o): o is string => Boolean(o)))].sort(),
    [agents],
  );
  const rows = office ? agents.filter((a) => a.member.officeName === office) : agents;
  return (
    <ResourcePage title="Brokers">
      <Card>
        <Flex wrap gap={12} style={{ marginBottom: 12 }}>
          <DateFilterControl field="assignedAt" label="Assigned" value={date} onChange={setDate} now={now} timeZone={timeZone} />
          <Select
            aria-label="Office"
            placeholder="All offices"
            allowClear
            style={{ minWidth: 224 }}
            value={office}
            onChange={setOffice}
            options={offices.map((name) => ({ value: name, label: name }))}
          />
        </Flex>
        {query.isError && <Alert type="error" showIcon title={toApiError(query.error).message} style={{ marginBottom: 12 }} />}
        <Table<Agent>
          rowKey={(row) => row.member._id}
          columns={COLUMNS}
          dataSource={rows}
          loading={query.isFetching}
          pagination={{ pageSize: 20, pageSizeOptions: [20, 40, 60], showSizeChanger: true }}
          scroll={{ x: true }}
          data-testid="brokers-table"
        />
      </Card>
    </ResourcePage>
  );
}
