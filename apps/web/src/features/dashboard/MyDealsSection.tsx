import { formatMinorUnits, type MyDealFigures } from '@crm/domain';
import { Col, Row, Typography } from 'antd';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';

/** The agent's deals: open ones and their value, won this month and the commission they bring. */
export function MyDealsSection({ figures }: { figures: MyDealFigures }) {
  const money = (minor: number) => formatMinorUnits(minor, figures.currency);
  return (
    <HomeSection id="home-my-deals" title="My Deals">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label="Open deals" figure={figures.open} testId="home-open-deals" />
          <Typography.Text type="secondary" data-testid="home-open-value">
            Value {money(figures.openValue)}
          </Typography.Text>
        </Col>
        <Col xs={24} md={8}>
          <HomeFigure label="Won this month" figure={figures.wonThisMonth} testId="home-won-deals" />
          <Typography.Text type="secondary" data-testid="home-commission">
            Commission {money(figures.commissionThisMonth)}
          </Typography.Text>
        </Col>
      </Row>
    </HomeSection>
  );
}
