import type { HomeCount } from '@crm/domain';
import { Card, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** One count of Home: its label, and the number as a link to the list behind it (named for a screen reader). */
export function HomeFigure({ label, figure, testId }: { label: string; figure: HomeCount; testId: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 28, lineHeight: 1.3, fontWeight: 600 }}>
        <Link to={figure.link} data-testid={testId} aria-label={`${figure.count} ${label}: open these`}>
          {figure.count}
        </Link>
      </div>
    </Card>
  );
}
