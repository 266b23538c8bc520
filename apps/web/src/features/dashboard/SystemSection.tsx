import type { HomeFigures } from '@crm/domain';
import { Col, Row } from 'antd';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import { HOME_TEXT } from './home-text';

/** Today's rows of Admin > System Logs: jobs that failed for good, integration errors. */
export function SystemSection({ figures }: { figures: NonNullable<HomeFigures['system']> }) {
  return (
    <HomeSection id="home-system" title={HOME_TEXT.system}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.failedJobs} figure={figures.failedJobs} testId="home-failed-jobs" />
        </Col>
        <Col xs={24} md={8}>
          <HomeFigure label={HOME_TEXT.integrationErrors} figure={figures.integrationErrors} testId="home-integration-errors" />
        </Col>
      </Row>
    </HomeSection>
  );
}
