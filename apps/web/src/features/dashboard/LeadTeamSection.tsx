import { formatResponseTime, type LeadTeamFigures } from '@crm/domain';
import { Card, Col, Row, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import { HOME_TEXT } from './home-text';
import { NewLeadsBySource } from './NewLeadsBySource';

type ResponseTime = LeadTeamFigures['responseTimes'][number];

/** A team's (or the whole asset's) SLA breaches and escalations today, new leads by source, response time by agent. */
export function LeadTeamSection({ id, title, figures }: { id: string; title: string; figures: LeadTeamFigures }) {
  return (
    <HomeSection id={id} title={title}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.slaBreaches} figure={figures.slaBreachesToday} testId={`${id}-sla-breaches`} />
        </Col>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.escalations} figure={figures.escalationsToday} testId={`${id}-escalations`} />
        </Col>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.noNextActivity} figure={figures.noNextActivity} testId={`${id}-no-next-activity`} />
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small">
            <NewLeadsBySource figures={figures} testId={`${id}-new-leads`} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small">
            <Typography.Title level={3} style={{ fontSize: 16, marginBlock: '0 8px' }}>
              {HOME_TEXT.responseTimes}
            </Typography.Title>
            <Table<ResponseTime>
              rowKey={(row) => row.member._id}
              size="small"
              scroll={{ x: true }}
              pagination={figures.responseTimes.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={figures.responseTimes}
              data-testid={`${id}-response-times`}
              columns={[
                { key: 'agent', title: HOME_TEXT.agent, render: (_: unknown, row: ResponseTime) => <bdi>{row.member.name}</bdi> },
                {
                  key: 'response',
                  title: HOME_TEXT.averageResponseTime,
                  render: (_: unknown, row: ResponseTime) => (
                    <Link
                      to={row.acceptedLink}
                      aria-label={`${formatResponseTime(row.averageResponseTime)} for ${row.member.name}: open the leads accepted`}
                    >
                      {formatResponseTime(row.averageResponseTime)}
                    </Link>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </HomeSection>
  );
}
