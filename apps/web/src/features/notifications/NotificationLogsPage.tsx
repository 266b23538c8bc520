import { notificationLogContract } from '@crm/domain';
import { Card } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type NotificationLogs = typeof notificationLogContract;

const COLUMNS: readonly ColumnSpec<NotificationLogs>[] = ['createdAt', 'channel', 'kind', 'recipient', 'subject', 'status', 'error'];
const FILTERS = ['createdAt', 'channel', 'kind', 'status'] as const;

/** Admin > Notification logs: every mail the product sent to staff, and whether it went out. */
export function NotificationLogsPage() {
  const table = useResourceTable(notificationLogContract, {
    screen: 'notification-logs',
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.subject ?? row._id,
  });
  return (
    <ResourcePage title="Notification Logs">
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
