import { departmentContract, groupContract } from '@crm/domain';
import { DrawerListPage } from '../../kit/page/DrawerListPage';
import { useDrawerListTable } from '../../kit/table/useDrawerListTable';

type NamedContract = typeof departmentContract | typeof groupContract;

const COLUMNS = ['name', 'createdAt'] as const;
const FILTERS = ['createdAt'] as const;

/** /teams/departments and /teams/groups: a named list of the asset, added and renamed in the kit's drawer. */
function TeamNamesPage({ contract, title }: { contract: NamedContract; title: string }) {
  // Both contracts have the same fields; the table is typed by one of them.
  const list = useDrawerListTable(contract as typeof departmentContract, {
    screen: `team-${contract.name}`,
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.name ?? row._id,
  });
  return <DrawerListPage title={title} list={list} />;
}

export function DepartmentsPage() {
  return <TeamNamesPage contract={departmentContract} title="Departments" />;
}

export function GroupsPage() {
  return <TeamNamesPage contract={groupContract} title="Groups" />;
}
