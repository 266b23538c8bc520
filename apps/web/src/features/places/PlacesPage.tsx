import { PLACE_KIND_LABELS, placeContract, populated } from '@crm/domain';
import { DrawerListPage } from '../../kit/page/DrawerListPage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useDrawerListTable } from '../../kit/table/useDrawerListTable';

type Places = typeof placeContract;

const COLUMNS: readonly ColumnSpec<Places>[] = ['name', 'kind', 'parent', 'code', 'updatedAt'];
const FILTERS = ['kind', 'createdAt'] as const;
const POPULATE = [{ path: 'parent' as const, select: ['name', 'kind'] }];

/**
 * /settings/locations: the company's emirates, cities, communities and sub-communities, which the lead form,
 * listings and projects offer; admins add and rename them in the kit's drawer.
 */
export function PlacesPage() {
  const list = useDrawerListTable(placeContract, {
    screen: 'places',
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    render: {
      kind: (row) => (row.kind ? PLACE_KIND_LABELS[row.kind] : ''),
      parent: (row) => populated(row.parent)?.name ?? '',
    },
    rowName: (row) => row.name ?? row._id,
  });
  return <DrawerListPage title="Locations" list={list} />;
}
