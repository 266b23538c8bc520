import { figureAgents, MESSAGES, OFFICE_REPORT_COLUMNS, type OfficeFigures, officeFigures, officeNameOf } from '@crm/domain';
import { Alert, Card, Table } from 'antd';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toApiError } from '../../kit/api/api-error';
import { COLORS } from '../../kit/theme';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { figureSorters, reportTableColumns } from './team-report-columns';
import { TeamReportExport } from './TeamReportExport';
import { TeamReportFilters } from './TeamReportFilters';
import { useTeamStatistics } from './useTeamStatistics';

const SORTERS = {
  ...figureSorters<OfficeFigures>(),
  office: (a: OfficeFigures, b: OfficeFigures) => officeNameOf(a).localeCompare(officeNameOf(b)),
};

/** /reports/office-war: the offices ranked side by side on the Brokers report's figures, with a chart. */
export function OfficesReportPage() {
  const { now, timeZone, date, setDate, excludeTests, setExcludeTests, query, range, filters, agents } = useTeamStatistics();
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
    <ResourcePage title="Offices" actions={<TeamReportExport report="offices" filters={filters} />}>
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
        {offices.length > 0 && (
          <figure style={{ margin: '0 0 16px' }} aria-label="Leads assigned and accepted per office">
            <div style={{ width: '100%', height: 280 }} data-testid="offices-chart">
              <ResponsiveContainer>
                <BarChart data={chart} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="office" tick={{ fill: 'rgba(0, 0, 0, 0.88)' }} />
                  <YAxis allowDecimals={false} tick={{ fill: 'rgba(0, 0, 0, 0.88)' }} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="Assigned" fill={COLORS.border} />
                  <Bar dataKey="Accepted" fill={COLORS.primary} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <figcaption style={{ color: COLORS.textSecondary }}>
              Leads assigned and accepted per office; the table below has every figure.
            </figcaption>
          </figure>
        )}
        <Table<OfficeFigures>
          rowKey={(row) => officeNameOf(row)}
          columns={columns}
          dataSource={offices}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: MESSAGES.common.notAvailable }}
          data-testid="offices-table"
        />
      </Card>
    </ResourcePage>
  );
}
