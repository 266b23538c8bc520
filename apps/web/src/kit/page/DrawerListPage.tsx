import { PlusOutlined } from '@ant-design/icons';
import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { RecordDrawer } from '../form/RecordDrawer';
import type { useDrawerState } from '../form/useDrawerState';
import { ResourceTable } from '../table/ResourceTable';
import type { DrawerListTable } from '../table/useDrawerListTable';
import { ResourcePage } from './ResourcePage';

interface DrawerListPageProps<C extends AnyResourceContract> {
  title: string;
  /** The list from useDrawerListTable; or, for a screen whose body is not one table, its contract and drawer. */
  list:
    | DrawerListTable<C>
    | { contract: C; permissions: { create: boolean }; drawer: ReturnType<typeof useDrawerState>; table?: undefined };
  /** The body in place of the table (tabs around it, an order list...). */
  children?: ReactNode;
}

/**
 * A list and its form drawer on one page (FAQ categories, locations): the title with 'Add {label}' when the caller
 * may create, the table (or the screen's own body) in a card, and the record's drawer (docs/product.md 'Lists').
 */
export function DrawerListPage<C extends AnyResourceContract>({ title, list, children }: DrawerListPageProps<C>) {
  const { contract, permissions, drawer } = list;
  return (
    <ResourcePage
      title={title}
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(contract.label.one)}
          </Button>
        )
      }
    >
      <Card>{children ?? (list.table && <ResourceTable table={list.table} />)}</Card>
      <RecordDrawer contract={contract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
