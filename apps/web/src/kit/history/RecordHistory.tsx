import { activityLogContract, type ContractRow } from '@crm/domain';
import { Card, Typography } from 'antd';
import { useResourcePermissions } from '../resource/useResourcePermissions';
import type { ColumnSpec } from '../table/table-columns';
import { ResourceTable } from '../table/ResourceTable';
import { useResourceTable } from '../table/useResourceTable';
import { ActivityActionTag, ActivityChanges } from './ActivityChanges';

// A record's own history on its detail page: its activity log rows (who changed what, before and after), newest
// first. Shown to whoever may read the activity logs; nothing for anyone else.

type ActivityLogs = typeof activityLogContract;
type ActivityRow = ContractRow<ActivityLogs>;

const COLUMNS: readonly ColumnSpec<ActivityLogs>[] = [
  'createdAt',
  { key: 'action', title: 'Action', render: (row: ActivityRow) => <ActivityActionTag action={row.action} />, sortField: 'action' },
  'user',
  { key: 'changes', title: 'Changes', render: (row: ActivityRow) => <ActivityChanges changes={row.changes} /> },
];

export interface RecordHistoryProps {
  /** The record's contract name ('customers'). */
  subjectType: string;
  subjectId: string;
}

export function RecordHistory(props: RecordHistoryProps) {
  const permissions = useResourcePermissions(activityLogContract);
  return permissions.read ? <RecordHistoryTable {...props} /> : null;
}

function RecordHistoryTable({ subjectType, subjectId }: RecordHistoryProps) {
  const table = useResourceTable(activityLogContract, {
    screen: `history-${subjectType}`,
    columns: COLUMNS,
    select: ['action', 'changes'],
    fixedQuery: { subjectType, subjectId },
    persist: false,
    search: false,
  });
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          History
        </Typography.Title>
      }
    >
      <ResourceTable table={table} exportable={false} testId="record-history" />
    </Card>
  );
}
