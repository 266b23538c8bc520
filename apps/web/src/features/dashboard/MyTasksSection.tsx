import type { MyTaskFigures } from '@crm/domain';
import { Col, Row } from 'antd';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';

/** The agent's tasks overdue and due today, each opening the Activities list of that bucket. */
export function MyTasksSection({ figures }: { figures: MyTaskFigures }) {
  return (
    <HomeSection id="home-my-tasks" title="My Tasks">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <HomeFigure label="Tasks overdue" figure={figures.overdue} testId="home-tasks-overdue" />
        </Col>
        <Col xs={24} md={8}>
          <HomeFigure label="Tasks due today" figure={figures.dueToday} testId="home-tasks-due-today" />
        </Col>
      </Row>
    </HomeSection>
  );
}
