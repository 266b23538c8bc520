import { LINKS, projectContract } from '@crm/domain';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Projects = typeof projectContract;

const COLUMNS: readonly ColumnSpec<Projects>[] = ['name', 'campaignName', 'city', 'minPrice', 'maxPrice', 'enabled'];
const LINK_OPTIONS = { detail: (row: { _id: string }) => LINKS.project(row._id), linkField: 'name' } as const;

/** A developer's projects: the projects list filtered by the developer, by name. */
export function DeveloperProjectsTable({ developerId }: { developerId: string }) {
  const table = useResourceTable(projectContract, {
    screen: 'developer-projects',
    persist: false,
    search: false,
    columns: COLUMNS,
    fixedQuery: { developer: developerId },
    links: LINK_OPTIONS,
    rowName: (row) => row.name ?? row._id,
  });
  return <ResourceTable table={table} exportable={false} testId="developer-projects-table" />;
}
