import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A section of Home under its h2 (docs/accessibility.md: one h1, sections below it), named by its heading. */
export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} style={{ marginBottom: 24 }} data-testid={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 18, marginBlock: '0 12px' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
