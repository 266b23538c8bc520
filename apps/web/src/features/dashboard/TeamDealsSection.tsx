import { formatMinorUnits, type TeamDealFigures } from '@crm/domain';
import { Card, Col, Row, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ReportBarChart } from '../../kit/report/ReportBarChart';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import { HOME_TEXT } from './home-text';

type Pipeline = TeamDealFigures['pipelines'][number];
type Stage = Pipeline['stages'][number];

/** One pipeline's open deals by stage: a chart of value and weighted value and, as its text alternative, a table. */
function PipelineByStage({ pipeline, currency, testId }: { pipeline: Pipeline; currency: string; testId: string }) {
  const money = (minor: number) => formatMinorUnits(minor, currency);
  const anyOpen = pipeline.stages.some((stage) => stage.deals.count > 0);
  // The chart in major units: its axis reads as money, the table has the exact figures.
  const data = pipeline.stages.map((stage) => ({
    [HOME_TEXT.stage]: stage.label,
    [HOME_TEXT.value]: stage.value / 100,
    [HOME_TEXT.weightedValue]: stage.weightedValue / 100,
  }));
  return (
    <Card size="small" data-testid={testId}>
      <Typography.Title level={3} style={{ fontSize: 16, marginBlock: '0 8px' }}>
        {pipeline.label}: {HOME_TEXT.pipelineByStage}
      </Typography.Title>
      {anyOpen && (
        <ReportBarChart
          data={data}
          category={HOME_TEXT.stage}
          bars={[HOME_TEXT.value, HOME_TEXT.weightedValue]}
          label={`${pipeline.label}: ${HOME_TEXT.pipelineByStage}, chart`}
          caption={HOME_TEXT.pipelineCaption}
          testId={`${testId}-chart`}
        />
      )}
      <Table<Stage>
        rowKey="stage"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={anyOpen ? pipeline.stages : []}
        locale={{ emptyText: <Typography.Text type="secondary">{HOME_TEXT.noOpenDeals}</Typography.Text> }}
        data-testid={`${testId}-table`}
        columns={[
          { key: 'stage', title: HOME_TEXT.stage, render: (_: unknown, row: Stage) => row.label },
          {
            key: 'deals',
            title: HOME_TEXT.deals,
            render: (_: unknown, row: Stage) => (
              <Link to={row.deals.link} aria-label={`${row.deals.count} open deals in ${pipeline.label}, ${row.label}: open these deals`}>
                {row.deals.count}
              </Link>
            ),
          },
          { key: 'value', title: HOME_TEXT.value, render: (_: unknown, row: Stage) => money(row.value) },
          { key: 'weighted', title: HOME_TEXT.weightedValue, render: (_: unknown, row: Stage) => money(row.weightedValue) },
        ]}
      />
    </Card>
  );
}

/** A team's (or the asset's) deals: the open pipeline by stage, value and weighted, and the deals won this month. */
export function TeamDealsSection({ id, title, figures }: { id: string; title: string; figures: TeamDealFigures }) {
  return (
    <HomeSection id={id} title={title}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.wonThisMonth} figure={figures.wonThisMonth} testId={`${id}-won`} />
          <Typography.Text type="secondary" data-testid={`${id}-won-value`}>
            {HOME_TEXT.value} {formatMinorUnits(figures.wonValueThisMonth, figures.currency)}
          </Typography.Text>
        </Col>
        {figures.pipelines.map((pipeline) => (
          <Col xs={24} lg={12} key={pipeline.pipeline}>
            <PipelineByStage pipeline={pipeline} currency={figures.currency} testId={`${id}-${pipeline.pipeline}`} />
          </Col>
        ))}
      </Row>
    </HomeSection>
  );
}
