import { Typography } from 'antd';
import { type ReactNode, useId } from 'react';

/** One section of the listing editor: a region named by its h2, so the page's outline reads Details, Location... */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id={id} style={{ fontSize: 18, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
