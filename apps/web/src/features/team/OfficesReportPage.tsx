import { figureAgents, MESSAGES, OFFICE_REPORT_COLUMNS, type OfficeFigures, officeFigures, officeNameOf } from '@crm/domain';
import { useMemo } from 'react';
import { ReportBarChart } from '../../kit/report/ReportBarChart';
import { figureSorters, reportTableColumns } from './team-report-columns';
import { TeamReportPage } from './TeamReportPage';
import { useTeamStatistics } from './useTeamStatistics';

const SORTERS = {
  ...figureSorters<OfficeFigures>(),
  office: (a: OfficeFigures, b: OfficeFigures) => officeNameOf(a).localeCompare(officeNameOf(b)),
};

/** /reports/office-war: the offices ranked side by side on the Brokers report's figures, with a chart. */
export function OfficesReportPage() {
  const statistics = useTeamStatistics();
  const { agents, excludeTests, range } = statistics;
  const offices = useMemo(() => officeFigures(agents, excludeTests), [agents, excludeTests]);
  const columns = useMemo(
    () =>
      reportTableColumns(OFFICE_REPORT_COLUMNS, { range, agentsOf: figureAgents, nameOf: officeNameOf, sorters: SORTERS }).map((column) =>
        column.key === 'rank' ? { ...column, width: 72 } : column,
      ),
    [range],
  );
  const chart = offices.map((row) => ({ office: officeNameOf(row), Assigned: row.leadsAssigned, Accepted: row.leadsAccepted }));
  return (
    <TeamReportPage<OfficeFigures>
      title="Offices"
      report="offices"
      statistics={statistics}
      chart={
        <ReportBarChart
          data={chart}
          category="office"
          bars={['Assigned', 'Accepted']}
          label="Leads assigned and accepted per office"
          caption="Leads assigned and accepted per office; the table below has every figure."
          testId="offices-chart"
        />
      }
      table={{
        rowKey: (row) => officeNameOf(row),
        columns,
        dataSource: offices,
        emptyText: MESSAGES.common.notAvailable,
        testId: 'offices-table',
      }}
    />
  );
}
