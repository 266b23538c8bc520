import { UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, MESSAGES, userContract, type UserLink } from '@crm/domain';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { UserCreateModal } from './UserCreateModal';
import { UserEditModal } from './UserEditModal';
import { UserInviteModal } from './UserInviteModal';
import { UserLinkModal } from './UserLinkModal';

type Users = typeof userContract;
type Issued = { link: UserLink; kind: 'invite' | 'reset' };

const COLUMNS: readonly ColumnSpec<Users>[] = ['fullName', 'email', 'role', 'enabled', 'lastLoginAt', 'createdAt'];
const FILTERS = ['enabled', 'lastLoginAt', 'createdAt'] as const;
const POPULATE = [{ path: 'role' as const, select: ['name'] }];
const M = ADMIN_MESSAGES.user;

/**
 * /admin/users: the company's users. Invite (the single-use link mailed and shown to copy), create with a password,
 * edit name, role and assets, enable or disable (a disabled user is signed out at once), reset the password (a new
 * link, mailed to the user and shown).
 */
export function UsersPage() {
  const { modal, message } = App.useApp();
  const utils = trpc.useUtils();
  const setStatus = trpc.users.setStatus.useMutation();
  const reset = trpc.users.resetPassword.useMutation();
  const [inviting, setInviting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);

  const act = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch {
      // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
    } finally {
      void utils.users.invalidate();
    }
  };

  const toggle = (row: { _id: string; fullName?: string; enabled?: boolean }) => {
    const name = row.fullName ?? row._id;
    const enable = row.enabled === false;
    const run = () =>
      act(async () => {
        await setStatus.mutateAsync({ id: row._id, enabled: enable });
        void message.success(enable ? M.enabledDone : M.disabledDone);
      });
    if (enable) return void run();
    modal.confirm({ title: M.disableConfirm(name), okText: M.disable, okButtonProps: { danger: true }, onOk: run });
  };

  const resetPassword = (row: { _id: string; fullName?: string }) =>
    modal.confirm({
      title: M.resetConfirm(row.fullName ?? row._id),
      okText: M.resetPassword,
      onOk: () => act(async () => setIssued({ link: await reset.mutateAsync({ id: row._id }), kind: 'reset' })),
    });

  const table = useResourceTable(userContract, {
    screen: 'admin-users',
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    rowName: (row) => row.fullName ?? row._id,
    rowActions: (row) => {
      const name = row.fullName ?? '';
      return (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(row._id)} aria-label={`Edit ${name}`}>
            {MESSAGES.record.edit}
          </Button>
          <Button
            size="small"
            danger={row.enabled !== false}
            onClick={() => toggle(row)}
            aria-label={`${row.enabled === false ? M.enable : M.disable} ${name}`}
          >
            {row.enabled === false ? M.enable : M.disable}
          </Button>
          <Button size="small" onClick={() => resetPassword(row)} aria-label={`${M.resetPassword} ${name}`}>
            {M.resetPassword}
          </Button>
        </Space>
      );
    },
  });

  return (
    <ResourcePage
      title="Users"
      actions={
        <Space wrap>
          <Button icon={<UserOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {M.create}
          </Button>
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
            {M.invite}
          </Button>
        </Space>
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <UserInviteModal
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(link) => {
          setInviting(false);
          setIssued({ link, kind: 'invite' });
          void utils.users.invalidate();
        }}
      />
      <UserCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void message.success(M.created);
          void utils.users.invalidate();
        }}
      />
      <UserEditModal
        userId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void message.success(M.updatedDone);
          void utils.users.invalidate();
        }}
      />
      <UserLinkModal issued={issued} onClose={() => setIssued(null)} />
    </ResourcePage>
  );
}
