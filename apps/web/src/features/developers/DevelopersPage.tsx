import { PlusOutlined } from '@ant-design/icons';
import { developerContract, LINKS, MESSAGES, PATHS, populated } from '@crm/domain';
import { Card } from 'antd';
import { linkWithParams } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { DeveloperLogo } from './DeveloperLogo';

type Developers = typeof developerContract;

const COLUMNS: readonly ColumnSpec<Developers>[] = [
  // The logo's small thumbnail, not the original image a list of 60 would otherwise load.
  {
    key: 'logo',
    title: 'Logo',
    render: (row) => <DeveloperLogo url={populated(row.logo)?.thumbnail ?? row.logoUrl} name={row.name ?? ''} size={40} />,
  },
  'name',
  'website',
  'createdAt',
];
const FILTERS = ['createdAt'] as const;
const POPULATE = [{ path: 'logo' as const, select: ['thumbnail'] }];
const LINK_OPTIONS = {
  detail: (row: { _id: string }) => LINKS.developer(row._id),
  edit: (row: { _id: string }) => LINKS.developerUpdate(row._id),
  linkField: 'name',
} as const;

/** /properties/developers: the asset's developers on the kit's list engine. */
export function DevelopersPage() {
  const permissions = useResourcePermissions(developerContract);
  const table = useResourceTable(developerContract, {
    screen: 'developers',
    columns: COLUMNS,
    filters: FILTERS,
    select: ['logo', 'logoUrl'],
    populate: POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.name ?? row._id,
  });
  return (
    <ResourcePage
      title="Developers"
      actions={
        permissions.create && (
          <LinkButton
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            to={linkWithParams(PATHS.DEVELOPER_CREATE, { ref: PATHS.DEVELOPERS })}
          >
            {MESSAGES.record.add(developerContract.label.one)}
          </LinkButton>
        )
      }
    >
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
