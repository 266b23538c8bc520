import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { MESSAGES } from '@crm/domain';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { IconLink } from './IconLink';

interface RowActionsProps {
  /** The resource's label ('customer') and the row's name, for the buttons' accessible names. */
  label: string;
  name: string;
  view?: string | undefined;
  edit?: string | undefined;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}

/** A row's view, edit and delete actions; each is left out when the caller may not use it. */
export function RowActions({ label, name, view, edit, onDelete, children }: RowActionsProps) {
  return (
    <Space size={4}>
      {view && <IconLink to={view} label={MESSAGES.list.view(label, name)} icon={<EyeOutlined />} />}
      {edit && <IconLink to={edit} label={MESSAGES.list.edit(label, name)} icon={<EditOutlined />} />}
      {onDelete && (
        <Tooltip title={MESSAGES.list.remove(label, name)}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={MESSAGES.list.remove(label, name)} onClick={onDelete} />
        </Tooltip>
      )}
      {children}
    </Space>
  );
}
