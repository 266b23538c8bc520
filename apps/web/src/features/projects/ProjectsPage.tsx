import { PlusOutlined } from '@ant-design/icons';
import { LINKS, MESSAGES, PATHS, populated, projectContract } from '@crm/domain';
import { Card, Space } from 'antd';
import { useMemo } from 'react';
import { customFieldColumns, customFieldFilters } from '../../kit/custom-fields/custom-field-list';
import { useCustomFieldDefinitions } from '../../kit/custom-fields/useCustomFieldDefinitions';
import { linkWithParams } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { ImportButton } from '../../kit/import/ImportButton';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { DeveloperFilter } from './DeveloperFilter';
import { PROJECT_EXTRA_FILTERS } from './project-filters';

type Projects = typeof projectContract;

const COLUMNS: readonly ColumnSpec<Projects>[] = [
  'name',
  { key: 'developer', title: 'Developer', render: (row) => populated(row.developer)?.name ?? MESSAGES.record.empty },
  'status',
  'city',
  'community',
  'completionDate',
  'enabled',
];
const FILTERS = ['status', 'city', 'completionDate'] as const;
const POPULATE = [{ path: 'developer' as const, select: ['name'] }];
const LINK_OPTIONS = {
  detail: (row: { _id: string }) => LINKS.project(row._id),
  edit: (row: { _id: string }) => LINKS.projectUpdate(row._id),
  linkField: 'name',
} as const;

/** /properties/projects: the asset's off-plan projects, filtered by developer, status, city and completion. */
export function ProjectsPage() {
  const permissions = useResourcePermissions(projectContract);
  // The asset's custom fields of projects: optional columns and, for options and Yes/No, filters.
  const custom = useCustomFieldDefinitions('project');
  const columns = useMemo(() => [...COLUMNS, ...customFieldColumns(custom)], [custom]);
  const moreFilters = useMemo(() => customFieldFilters(custom), [custom]);
  const table = useResourceTable(projectContract, {
    screen: 'projects',
    columns,
    filters: FILTERS,
    moreFilters,
    extraFilters: PROJECT_EXTRA_FILTERS,
    populate: POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.name ?? row._id,
  });
  return (
    <ResourcePage
      title="New Projects"
      actions={
        permissions.create && (
          <Space wrap>
            <ImportButton contract={projectContract} />
            <LinkButton
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              to={linkWithParams(PATHS.PROJECT_CREATE, { ref: PATHS.PROJECTS })}
            >
              {MESSAGES.record.add(projectContract.label.one)}
            </LinkButton>
          </Space>
        )
      }
    >
      <Card>
        <ResourceTable table={table} filters={<DeveloperFilter value={table.toolbar.extra} onChange={table.toolbar.setExtra} />} />
      </Card>
    </ResourcePage>
  );
}
