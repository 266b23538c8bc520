import type { AnyResourceContract, ContractRow } from '@crm/domain';
import { useDrawerState } from '../form/useDrawerState';
import { useResourcePermissions } from '../resource/useResourcePermissions';
import { EditRowButton } from './EditRowButton';
import { type ResourceTableOptions, useResourceTable } from './useResourceTable';

/**
 * A list whose records are added and edited in the kit's drawer on the same page (DrawerListPage): the table, the
 * drawer's state, and an edit action per row when the caller may update.
 */
export function useDrawerListTable<C extends AnyResourceContract>(
  contract: C,
  options: Omit<ResourceTableOptions<C, never>, 'rowName'> & { rowName: (row: ContractRow<C>) => string },
) {
  const permissions = useResourcePermissions(contract);
  const drawer = useDrawerState();
  const label = contract.label.one;
  const table = useResourceTable(contract, {
    ...options,
    ...(permissions.update
      ? { rowActions: (row) => <EditRowButton label={label} name={options.rowName(row)} onClick={() => drawer.edit(row._id)} /> }
      : {}),
  });
  return { contract, permissions, drawer, table };
}

export type DrawerListTable<C extends AnyResourceContract> = ReturnType<typeof useDrawerListTable<C>>;
