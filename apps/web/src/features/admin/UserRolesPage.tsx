import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, MESSAGES, ROLE_CODES, roleContract, type RoleRecord } from '@crm/domain';
import { App, Button, Card, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { RoleMatrixModal } from './RoleMatrixModal';

type Roles = typeof roleContract;
type Editing = 'new' | Pick<RoleRecord, '_id' | 'name' | 'permissions'> | null;

const COLUMNS: readonly ColumnSpec<Roles>[] = ['name', 'code', 'permissions', 'updatedAt'];

/** /admin/user-roles: the company's roles and their permission matrix. SUPER_ADMIN is shown locked. */
export function UserRolesPage() {
  const { modal, message } = App.useApp();
  const utils = trpc.useUtils();
  const remove = trpc.roles.removeRole.useMutation();
  const [editing, setEditing] = useState<Editing>(null);

  const confirmRemove = (row: { _id: string; name?: string }) =>
    modal.confirm({
      title: MESSAGES.delete.confirm('role'),
      okText: MESSAGES.delete.deleteLabel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: row._id });
          void message.success(MESSAGES.delete.success('role'));
        } catch {
          // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
        } finally {
          void utils.roles.invalidate();
        }
      },
    });

  const table = useResourceTable(roleContract, {
    screen: 'admin-user-roles',
    columns: COLUMNS,
    rowName: (row) => row.name ?? row._id,
    render: { permissions: (row) => `${row.permissions?.length ?? 0} permissions` },
    rowActions: (row) => {
      const name = row.name ?? '';
      if (row.code === ROLE_CODES.SUPER_ADMIN) {
        return (
          <Tooltip title={ADMIN_MESSAGES.role.superAdminLocked}>
            <LockOutlined aria-label={ADMIN_MESSAGES.role.superAdminLocked} role="img" />
          </Tooltip>
        );
      }
      return (
        <Space size={4}>
          <Button
            size="small"
            onClick={() => setEditing({ _id: row._id, name, permissions: row.permissions ?? [] })}
            aria-label={`Edit ${name}`}
          >
            {MESSAGES.record.edit}
          </Button>
          <Button size="small" danger onClick={() => confirmRemove(row)} aria-label={`Delete ${name}`}>
            {MESSAGES.record.delete}
          </Button>
        </Space>
      );
    },
  });

  return (
    <ResourcePage
      title="User Roles"
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {MESSAGES.record.add('role')}
        </Button>
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <RoleMatrixModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(editing === 'new' ? MESSAGES.record.added('role') : MESSAGES.record.updated('role'));
          setEditing(null);
          void utils.roles.invalidate();
        }}
      />
    </ResourcePage>
  );
}
