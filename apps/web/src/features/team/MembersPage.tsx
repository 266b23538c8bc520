import { PlusOutlined } from '@ant-design/icons';
import { formatResponseTime, MESSAGES, memberContract, TEAM_LINKS } from '@crm/domain';
import { Button, Card, Space, Tag } from 'antd';
import { ImportButton } from '../../kit/import/ImportButton';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { MemberBulkActions } from './MemberBulkActions';
import { MEMBER_EXTRA_FILTERS } from './member-filters';
import { MemberTeamFilters } from './MemberTeamFilters';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';

type Members = typeof memberContract;

const yesNo = (value: boolean | undefined) => <Tag color={value ? 'green' : 'red'}>{value ? 'Yes' : 'No'}</Tag>;

const COLUMNS: readonly ColumnSpec<Members>[] = [
  'name',
  'officeName',
  'designation',
  'email',
  { key: 'enabled', title: 'Enabled', render: (row) => yesNo(row.enabled) },
  { key: 'isLeadProcessEnabled', title: 'Receives Leads', render: (row) => yesNo(row.isLeadProcessEnabled) },
  { key: 'averageResponseTime', title: 'Average Response Time', render: (row) => formatResponseTime(row.averageResponseTime) },
];
const FILTERS = ['enabled', 'isLeadProcessEnabled', 'isTest', 'officeName', 'designation'] as const;
const SELECT = ['enabled', 'isLeadProcessEnabled', 'averageResponseTime'] as const;
const LINK_OPTIONS = { detail: (row: { _id: string }) => TEAM_LINKS.member(row._id), linkField: 'name' } as const;

/**
 * /teams/members: the asset's agents and managers, filtered by their flags, office, designation, department and
 * group; bulk enable, disable, lead process and team for the selected.
 */
export function MembersPage() {
  const permissions = useResourcePermissions(memberContract);
  const drawer = useDrawerState();
  const table = useResourceTable(memberContract, {
    screen: 'team-members',
    columns: COLUMNS,
    filters: FILTERS,
    extraFilters: MEMBER_EXTRA_FILTERS,
    select: SELECT,
    links: LINK_OPTIONS,
    rowName: (row) => row.name ?? row._id,
  });
  return (
    <ResourcePage
      title="Team Members"
      actions={
        permissions.create && (
          <Space wrap>
            <ImportButton contract={memberContract} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={drawer.create}>
              {MESSAGES.record.add(memberContract.label.one)}
            </Button>
          </Space>
        )
      }
    >
      <Card>
        <ResourceTable
          table={table}
          filters={<MemberTeamFilters value={table.toolbar.extra} onChange={table.toolbar.setExtra} />}
          actions={permissions.update && <MemberBulkActions selected={table.toolbar.selected} />}
        />
      </Card>
      <RecordDrawer contract={memberContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
