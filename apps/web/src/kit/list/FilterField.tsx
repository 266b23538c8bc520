import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A list filter with its small label above it. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={2}>
      <Typography.Text style={{ fontSize: 12 }}>{label}</Typography.Text>
      {children}
    </Space>
  );
}
