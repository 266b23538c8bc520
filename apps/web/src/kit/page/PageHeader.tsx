import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The page's heading: its one h1 (WCAG 1.3.1 and 2.4.6; docs/accessibility.md), shown at the size the screens
 * always had, with the page's actions beside it.
 */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      <PageTitle>{title}</PageTitle>
      {extra}
    </div>
  );
}

/** A page's h1, for a screen that lays out its own header (the dashboard's welcome, an error page). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }}>
      {children}
    </Typography.Title>
  );
}
