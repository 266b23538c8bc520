import { systemLogContract } from '@crm/domain';
import { Card } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type SystemLogs = typeof systemLogContract;

const COLUMNS: readonly ColumnSpec<SystemLogs>[] = [
  'createdAt',
  'source',
  'event',
  'status',
  'method',
  'url',
  'message',
  'requestId',
  'queue',
  'jobId',
];
const FILTERS = ['createdAt', 'source', 'event', 'status'] as const;

/** Admin > System Logs: failed answers (with their request id, to find in the server's log), failed jobs, integration errors. */
export function SystemLogsPage() {
  const table = useResourceTable(systemLogContract, {
    screen: 'system-logs',
    columns: COLUMNS,
    filters: FILTERS,
    rowName: (row) => row.event ?? row._id,
  });
  return (
    <ResourcePage title="System Logs">
      <Card>
        <ResourceTable table={table} />
      </Card>
    </ResourcePage>
  );
}
