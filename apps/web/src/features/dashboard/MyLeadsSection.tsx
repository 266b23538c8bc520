import type { MyLeadFigures } from '@crm/domain';
import { Card, Col, List, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useNow } from '../../kit/list/useNow';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import { HOME_TEXT, slaTimeLeft } from './home-text';

/** The agent's own work: leads awaiting their acceptance with each one's SLA countdown, and the pool they may claim from. */
export function MyLeadsSection({ figures }: { figures: MyLeadFigures }) {
  // The countdown moves every 15 s while the page is open.
  const now = useNow(15_000);
  const { awaitingAcceptance, pool } = figures;
  return (
    <HomeSection id="home-my-leads" title={HOME_TEXT.myLeads}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.awaitingAcceptance} figure={awaitingAcceptance} testId="home-awaiting-acceptance" />
        </Col>
        {pool && (
          <Col xs={24} md={8}>
            <HomeFigure label={HOME_TEXT.pool} figure={pool} testId="home-pool" />
          </Col>
        )}
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.noNextActivity} figure={figures.noNextActivity} testId="home-no-next-activity" />
        </Col>
        <Col xs={24}>
          <Card size="small">
            <Typography.Title level={3} style={{ fontSize: 16, marginBlock: '0 8px' }}>
              {HOME_TEXT.awaitingAcceptance}: {HOME_TEXT.awaitingList}
            </Typography.Title>
            <List
              size="small"
              dataSource={awaitingAcceptance.leads}
              locale={{ emptyText: HOME_TEXT.noneAwaiting }}
              data-testid="home-awaiting-list"
              renderItem={(lead) => (
                <List.Item extra={<span data-testid="home-sla-countdown">{slaTimeLeft(lead.initialSlaEndDate, now)}</span>}>
                  <Link to={lead.link}>{lead.leadID}</Link>
                  {/* A name may be Arabic: it keeps its own direction inside the line. */}
                  {lead.customerName ? (
                    <Typography.Text type="secondary">
                      {' · '}
                      <bdi>{lead.customerName}</bdi>
                    </Typography.Text>
                  ) : null}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </HomeSection>
  );
}
