import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { departmentContract, groupContract, MESSAGES } from '@crm/domain';
import { Button, Card, Tooltip } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';

type NamedContract = typeof departmentContract | typeof groupContract;

const COLUMNS = ['name', 'createdAt'] as const;
const FILTERS = ['createdAt'] as const;

/** /teams/departments and /teams/groups: a named list of the asset, added and renamed in the kit's drawer. */
function TeamNamesPage({ contract, title }: { contract: NamedContract; title: string }) {
  const permissions = useResourcePermissions(contract);
  const drawer = useDrawerState();
  const label = contract.label.one;
  const table = useResourceTable(contract as typeof departmentContract, {
    screen: `team-${contract.name}`,
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.name ?? row._id,
    ...(permissions.update
      ? {
          rowActions: (row) => {
            const text = MESSAGES.list.edit(label, row.name ?? row._id);
            return (
              <Tooltip title={text}>
                <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={text} onClick={() => drawer.edit(row._id)} />
              </Tooltip>
            );
          },
        }
      : {}),
  });
  return (
    <ResourcePage
      title={title}
      actions={
        permissions.create && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
            {MESSAGES.record.add(label)}
          </Button>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
      <RecordDrawer contract={contract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}

export function DepartmentsPage() {
  return <TeamNamesPage contract={departmentContract} title="Departments" />;
}

export function GroupsPage() {
  return <TeamNamesPage contract={groupContract} title="Groups" />;
}
