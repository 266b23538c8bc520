import { MESSAGES, type OfficeFigures, officeFigures } from '@crm/domain';
import { Alert, Card, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toApiError } from '../../kit/api/api-error';
import { COLORS } from '../../kit/theme';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { figureColumns } from './team-report-columns';
import { TeamReportFilters } from './TeamReportFilters';
import { useTeamStatistics } from './useTeamStatistics';

const officeName = (row: OfficeFigures) => row.office ?? 'No office';

const COLUMNS: TableColumnsType<OfficeFigures> = [
  { key: 'rank', title: 'Rank', render: (_, _row, index) => index + 1, width: 72 },
  { key: 'office', title: 'Office', render: (_, row) => officeName(row), sorter: (a, b) => officeName(a).localeCompare(officeName(b)) },
  ...figureColumns<OfficeFigures>(),
];

/** /reports/office-war: the offices ranked side by side on the Brokers report's figures, with a chart. */
export function OfficesReportPage() {
  const { now, timeZone, date, setDate, query, agents } = useTeamStatistics();
  const [excludeTests, setExcludeTests] = useState(true);
  const offices = useMemo(() => officeFigures(agents, excludeTests), [agents, excludeTests]);
  const chart = offices.map((row) => ({ office: officeName(row), Assigned: row.leadsAssigned, Accepted: row.leadsAccepted }));
  return (
    <ResourcePage title="Offices">
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
          rowKey={(row) => officeName(row)}
          columns={COLUMNS}
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
