import type { ReactNode } from 'react';

/** The title of an antd Result (404, 403...) as the page's h1, in the Result's own type size. */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{children}</h1>;
}
