import { BROKER_REPORT_COLUMNS, type BrokerStatistics, figureAgents } from '@crm/domain';
import { Alert, Card, Flex, Select, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { DateFilterControl } from '../../kit/table/DateFilterControl';
import { byNumber, type FigureRange, reportTableColumns } from './team-report-columns';
import { TeamReportExport } from './TeamReportExport';
import { useTeamStatistics } from './useTeamStatistics';

type Agent = BrokerStatistics['agents'][number];

const SORTERS: Record<string, (a: Agent, b: Agent) => number> = {
  name: (a, b) => a.member.name.localeCompare(b.member.name),
  assigned: byNumber((r) => r.leadsAssigned),
  accepted: byNumber((r) => r.leadsAccepted),
  claimed: byNumber((r) => r.claimedFromPool),
  escalated: byNumber((r) => r.escalated),
  response: byNumber((r) => r.averageResponseTime),
  rating: byNumber((r) => r.ratingAverage),
};

function brokerColumns(range: FigureRange) {
  const columns = reportTableColumns(BROKER_REPORT_COLUMNS, {
    range,
    agentsOf: figureAgents,
    nameOf: (row) => row.member.name,
    sorters: SORTERS,
    render: {
      name: (row) => (
        <>
          {row.member.name} {!row.member.enabled && <Tag>Disabled</Tag>}
        </>
      ),
    },
  });
  return columns.map((column) => (column.key === 'assigned' ? { ...column, defaultSortOrder: 'descend' as const } : column));
}

/** /reports/better-agent: the Brokers report, every agent of the asset over a date range, sortable, by office. */
export function BrokersReportPage() {
  const { now, timeZone, date, setDate, query, range, agents } = useTeamStatistics();
  const [office, setOffice] = useState<string | undefined>();
  const offices = useMemo(
    () => [...new Set(agents.map((a) => a.member.officeName).filter((o): o is string => Boolean(o)))].sort(),
    [agents],
  );
  const columns = useMemo(() => brokerColumns(range), [range]);
  const rows = office ? agents.filter((a) => a.member.officeName === office) : agents;
  return (
    <ResourcePage title="Brokers" actions={<TeamReportExport report="brokers" range={range} office={office} />}>
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
          columns={columns}
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
