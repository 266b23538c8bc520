import { type ManagerFigures, managerFigures, MESSAGES } from '@crm/domain';
import { Alert, Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { figureColumns } from './team-report-columns';
import { TeamReportFilters } from './TeamReportFilters';
import { TEAM_LINKS } from '@crm/domain';
import { useTeamStatistics } from './useTeamStatistics';

const COLUMNS: TableColumnsType<ManagerFigures> = [
  {
    key: 'manager',
    title: 'Manager',
    render: (_, row) => <Link to={TEAM_LINKS.member(row.manager._id)}>{row.manager.name}</Link>,
    sorter: (a, b) => a.manager.name.localeCompare(b.manager.name),
  },
  { key: 'office', title: 'Office', render: (_, row) => row.manager.officeName ?? MESSAGES.record.empty },
  ...figureColumns<ManagerFigures>(),
  {
    key: 'escalatedToManager',
    title: 'Escalated To Manager',
    dataIndex: 'escalatedToManager',
    sorter: (a, b) => a.escalatedToManager - b.escalatedToManager,
  },
];

/** /reports/managers: each manager's direct team on the Brokers report's figures, and the leads escalated to them. */
export function ManagersReportPage() {
  const { now, timeZone, date, setDate, query, agents } = useTeamStatistics();
  const [excludeTests, setExcludeTests] = useState(true);
  const managers = useMemo(() => managerFigures(agents, excludeTests), [agents, excludeTests]);
  return (
    <ResourcePage title="Managers">
      <Card>
        <TeamReportFilters
          date={date}
          onDate={setDate}
          now={now}
          timeZone={timeZone}
          excludeTests={excludeTests}
          onExcludeTests={setExcludeTests}
        />
        {query.isError && <Alert type="error" showIcon title={toApiError(query.error).message} style={{ marginBottom: 12 }} />}
        <Table<ManagerFigures>
          rowKey={(row) => row.manager._id}
          columns={COLUMNS}
          dataSource={managers}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: true }}
          data-testid="managers-table"
        />
      </Card>
    </ResourcePage>
  );
}
