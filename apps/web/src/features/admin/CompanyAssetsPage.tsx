import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, companyAssetContract, MESSAGES } from '@crm/domain';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { ResourceDrawer } from '../../kit/form/ResourceDrawer';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type CompanyAssets = typeof companyAssetContract;
type Drawer = { open: false } | { open: true; id?: string };

const COLUMNS: readonly ColumnSpec<CompanyAssets>[] = ['name', 'timezone', 'currencyCode', 'disabledAt', 'createdAt'];
const M = ADMIN_MESSAGES.asset;

/** /admin/assets: the company's assets: add, rename, change currency and timezone, disable or enable. */
export function CompanyAssetsPage() {
  const { modal, message } = App.useApp();
  const utils = trpc.useUtils();
  const setStatus = trpc.companyAssets.setStatus.useMutation();
  const [drawer, setDrawer] = useState<Drawer>({ open: false });

  const toggle = (row: { _id: string; name?: string; disabledAt?: string | null }) => {
    const enable = Boolean(row.disabledAt);
    const run = async () => {
      try {
        await setStatus.mutateAsync({ id: row._id, enabled: enable });
        void message.success(enable ? M.enabledDone : M.disabledDone);
      } catch {
        // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
      } finally {
        // The asset switcher reads the caller's assets: refresh it with the list.
        void utils.companyAssets.invalidate();
        void utils.assets.invalidate();
        void utils.profile.invalidate();
      }
    };
    if (enable) return void run();
    modal.confirm({ title: M.disableConfirm(row.name ?? row._id), okText: M.disable, okButtonProps: { danger: true }, onOk: run });
  };

  const table = useResourceTable(companyAssetContract, {
    screen: 'admin-assets',
    columns: COLUMNS,
    rowName: (row) => row.name ?? row._id,
    rowActions: (row) => {
      const name = row.name ?? '';
      const enable = Boolean(row.disabledAt);
      return (
        <Space size={4}>
          <Button size="small" onClick={() => setDrawer({ open: true, id: row._id })} aria-label={`${MESSAGES.record.edit} ${name}`}>
            {MESSAGES.record.edit}
          </Button>
          <Button size="small" danger={!enable} onClick={() => toggle(row)} aria-label={`${enable ? M.enable : M.disable} ${name}`}>
            {enable ? M.enable : M.disable}
          </Button>
        </Space>
      );
    },
  });

  const close = () => {
    setDrawer({ open: false });
    void utils.assets.invalidate();
    void utils.profile.invalidate();
  };

  return (
    <ResourcePage
      title="Assets"
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true })}>
          {MESSAGES.record.add('asset')}
        </Button>
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <ResourceDrawer
        contract={companyAssetContract}
        open={drawer.open}
        mode={drawer.open && drawer.id ? 'update' : 'create'}
        id={drawer.open ? drawer.id : undefined}
        onClose={close}
        onSaved={close}
      />
    </ResourcePage>
  );
}
