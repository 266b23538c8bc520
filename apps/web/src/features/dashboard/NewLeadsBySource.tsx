import type { LeadTeamFigures } from '@crm/domain';
import { Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ReportBarChart } from '../../kit/report/ReportBarChart';
import { HOME_TEXT } from './home-text';

type Source = LeadTeamFigures['newLeadsBySource'][number];

/** New leads by source, last month beside this month: a chart and, as its text alternative, the same figures as a table. */
export function NewLeadsBySource({ figures, testId }: { figures: LeadTeamFigures; testId: string }) {
  const rows = figures.newLeadsBySource;
  const data = rows.map((row) => ({
    [HOME_TEXT.source]: row.source,
    [HOME_TEXT.lastMonth]: row.lastMonth.count,
    [HOME_TEXT.thisMonth]: row.thisMonth.count,
  }));
  const cell = (row: Source, month: 'thisMonth' | 'lastMonth', title: string) => (
    <Link to={row[month].link} aria-label={`${row[month].count} new leads from ${row.source}, ${title}: open these leads`}>
      {row[month].count}
    </Link>
  );
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16, marginBlock: '0 8px' }}>
        {HOME_TEXT.newLeads}
      </Typography.Title>
      <ReportBarChart
        data={data}
        category={HOME_TEXT.source}
        bars={[HOME_TEXT.lastMonth, HOME_TEXT.thisMonth]}
        label={`${HOME_TEXT.newLeads}, chart`}
        caption={HOME_TEXT.newLeadsCaption}
        testId={`${testId}-chart`}
      />
      <Table<Source>
        rowKey="source"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        locale={{ emptyText: HOME_TEXT.noNewLeads }}
        data-testid={`${testId}-table`}
        columns={[
          { key: 'source', title: HOME_TEXT.source, render: (_: unknown, row: Source) => <bdi>{row.source}</bdi> },
          {
            key: 'thisMonth',
            title: HOME_TEXT.thisMonth,
            render: (_: unknown, row: Source) => cell(row, 'thisMonth', HOME_TEXT.thisMonth),
          },
          {
            key: 'lastMonth',
            title: HOME_TEXT.lastMonth,
            render: (_: unknown, row: Source) => cell(row, 'lastMonth', HOME_TEXT.lastMonth),
          },
        ]}
      />
    </>
  );
}
