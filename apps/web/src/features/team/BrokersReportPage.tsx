import { ALL_ROWS_LIMIT, BROKER_REPORT_COLUMNS, type BrokerStatistics, figureAgents } from '@crm/domain';
import { Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { byNumber, type FigureRange, reportTableColumns } from './team-report-columns';
import { TeamReportPage } from './TeamReportPage';
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

const DEPARTMENTS = { limit: ALL_ROWS_LIMIT, select: ['name' as const], sort: { name: 1 as const } };

/**
 * /reports/better-agent: the Brokers report, every agent of the asset over a date range, sortable; test agents left
 * out unless asked for, by department (the server's filters) and by office.
 */
export function BrokersReportPage() {
  const [department, setDepartment] = useState<string | undefined>();
  const statistics = useTeamStatistics({ department });
  const { agents, range } = statistics;
  const departments = trpc.departments.list.useQuery({ filter: DEPARTMENTS });
  const [office, setOffice] = useState<string | undefined>();
  const offices = useMemo(
    () => [...new Set(agents.map((a) => a.member.officeName).filter((o): o is string => Boolean(o)))].sort(),
    [agents],
  );
  const columns = useMemo(() => brokerColumns(range), [range]);
  const rows = office ? agents.filter((a) => a.member.officeName === office) : agents;
  return (
    <TeamReportPage<Agent>
      title="Brokers"
      report="brokers"
      statistics={statistics}
      office={office}
      filters={
        <>
          <Select
            aria-label="Department"
            placeholder="All departments"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 224 }}
            value={department}
            onChange={setDepartment}
            loading={departments.isFetching}
            options={(departments.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }))}
            data-testid="brokers-department"
          />
          <Select
            aria-label="Office"
            placeholder="All offices"
            allowClear
            style={{ minWidth: 224 }}
            value={office}
            onChange={setOffice}
            options={offices.map((name) => ({ value: name, label: name }))}
          />
        </>
      }
      table={{
        rowKey: (row) => row.member._id,
        columns,
        dataSource: rows,
        pagination: { pageSize: 20, pageSizeOptions: [20, 40, 60], showSizeChanger: true },
        testId: 'brokers-table',
      }}
    />
  );
}
