import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An icon-only link with a name of its own and a target of at least 24x24 px (WCAG 2.2 target size). */
export function IconLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <Link
        to={to}
        aria-label={label}
        style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 28, minHeight: 28 }}
      >
        {icon}
      </Link>
    </Tooltip>
  );
}
