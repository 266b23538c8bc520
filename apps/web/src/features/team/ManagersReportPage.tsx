import { figureAgents, MANAGER_REPORT_COLUMNS, type ManagerFigures, managerFigures, TEAM_LINKS } from '@crm/domain';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { figureSorters, reportTableColumns } from './team-report-columns';
import { TeamReportPage } from './TeamReportPage';
import { useTeamStatistics } from './useTeamStatistics';

const SORTERS = {
  ...figureSorters<ManagerFigures>(),
  manager: (a: ManagerFigures, b: ManagerFigures) => a.manager.name.localeCompare(b.manager.name),
  escalatedToManager: (a: ManagerFigures, b: ManagerFigures) => a.escalatedToManager - b.escalatedToManager,
};

/** /reports/managers: each manager's direct team on the Brokers report's figures, and the leads escalated to them. */
export function ManagersReportPage() {
  const statistics = useTeamStatistics();
  const { agents, excludeTests, range } = statistics;
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
    <TeamReportPage<ManagerFigures>
      title="Managers"
      report="managers"
      statistics={statistics}
      table={{ rowKey: (row) => row.manager._id, columns, dataSource: managers, testId: 'managers-table' }}
    />
  );
}
