import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES, PLACE_KIND_LABELS, placeContract, populated } from '@crm/domain';
import { Button, Card } from 'antd';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { EditRowButton } from '../../kit/table/EditRowButton';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Places = typeof placeContract;

const COLUMNS: readonly ColumnSpec<Places>[] = ['name', 'kind', 'parent', 'code', 'updatedAt'];
const FILTERS = ['kind', 'createdAt'] as const;
const POPULATE = [{ path: 'parent' as const, select: ['name', 'kind'] }];
const LABEL = placeContract.label.one;

/**
 * /settings/locations: the company's emirates, cities, communities and sub-communities, which the lead form,
 * listings and projects offer; admins add and rename them in the kit's drawer.
 */
export function PlacesPage() {
  const permissions = useResourcePermissions(placeContract);
  const drawer = useDrawerState();
  const table = useResourceTable(placeContract, {
    screen: 'places',
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    render: {
      kind: (row) => (row.kind ? PLACE_KIND_LABELS[row.kind] : ''),
      parent: (row) => populated(row.parent)?.name ?? '',
    },
    rowName: (row) => row.name ?? row._id,
    ...(permissions.update
      ? { rowActions: (row) => <EditRowButton label={LABEL} name={row.name ?? row._id} onClick={() => drawer.edit(row._id)} /> }
      : {}),
  });
  return (
    <ResourcePage
      title="Locations"
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(LABEL)}
          </Button>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <RecordDrawer contract={placeContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
