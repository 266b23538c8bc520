import { figureAgents, MANAGER_REPORT_COLUMNS, type ManagerFigures, managerFigures, TEAM_LINKS } from '@crm/domain';
import { Alert, Card, Table } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { toApiError } from '../../kit/api/api-error';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { figureSorters, reportTableColumns } from './team-report-columns';
import { TeamReportExport } from './TeamReportExport';
import { TeamReportFilters } from './TeamReportFilters';
import { useTeamStatistics } from './useTeamStatistics';

const SORTERS = {
  ...figureSorters<ManagerFigures>(),
  manager: (a: ManagerFigures, b: ManagerFigures) => a.manager.name.localeCompare(b.manager.name),
  escalatedToManager: (a: ManagerFigures, b: ManagerFigures) => a.escalatedToManager - b.escalatedToManager,
};

/** /reports/managers: each manager's direct team on the Brokers report's figures, and the leads escalated to them. */
export function ManagersReportPage() {
  const { now, timeZone, date, setDate, excludeTests, setExcludeTests, query, range, filters, agents } = useTeamStatistics();
  const managers = useMemo(() => managerFigures(agents, excludeTests), [agents, excludeTests]);
  const columns = useMemo(
    () =>
      reportTableColumns(MANAGER_REPORT_COLUMNS, {
        range,
        agentsOf: figureAgents,
        nameOf: (row) => `${row.manager.name}'s team`,
        sorters: SORTERS,
        render: { manager: (row) => <Link to={TEAM_LINKS.member(row.manager._id)}>{row.manager.name}</Link> },
      }),
    [range],
  );
  return (
    <ResourcePage title="Managers" actions={<TeamReportExport report="managers" filters={filters} />}>
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
          columns={columns}
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
