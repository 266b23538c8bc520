import { activityLogContract, type ContractRow } from '@crm/domain';
import { Card } from 'antd';
import { ActivityActionTag, ActivityChanges } from '../../kit/history/ActivityChanges';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

// /admin/activity-logs (docs/architecture.md 'The activity log'): who changed what across the company's assets, with
// the fields before and after; filters by date, action and kind of record, search by record id, CSV/XLSX export.

type ActivityLogs = typeof activityLogContract;
type ActivityRow = ContractRow<ActivityLogs>;

const COLUMNS: readonly ColumnSpec<ActivityLogs>[] = [
  'createdAt',
  { key: 'action', title: 'Action', render: (row: ActivityRow) => <ActivityActionTag action={row.action} />, sortField: 'action' },
  'subjectType',
  'subjectId',
  'user',
  'asset',
  { key: 'changes', title: 'Changes', render: (row: ActivityRow) => <ActivityChanges changes={row.changes} /> },
];
const FILTERS = ['createdAt', 'action', 'subjectType'] as const;

export function ActivityLogsPage() {
  const table = useResourceTable(activityLogContract, {
    screen: 'activity-logs',
    columns: COLUMNS,
    filters: FILTERS,
    select: ['action', 'changes'],
    rowName: (row) => `${row.subjectType ?? ''} ${row.subjectId ?? row._id}`,
  });
  return (
    <ResourcePage title="Activity Logs">
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
