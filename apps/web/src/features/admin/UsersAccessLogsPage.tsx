import { accessLogContract, type ContractRow, MESSAGES, populated } from '@crm/domain';
import { Card, Tag } from 'antd';
import { ResourcePage } from '../../kit/page/ResourcePage';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { AccessLogFilters } from './AccessLogFilters';
import { ACCESS_LOG_EXTRA_FILTERS } from './access-log-filters';

// /admin/users-access-logs (docs/product.md 'Users access logs'): every sign-in, sign-out and password event of the
// company's users, newest first; filters by user, event, outcome, IP and date; search by email or IP; CSV/XLSX export.

type AccessLogs = typeof accessLogContract;
type AccessLogRow = ContractRow<AccessLogs>;

const COLUMNS: readonly ColumnSpec<AccessLogs>[] = [
  'createdAt',
  { key: 'user', title: 'User', render: (row: AccessLogRow) => populated(row.user)?.fullName ?? MESSAGES.record.empty },
  'email',
  { key: 'action', title: 'Event', render: (row: AccessLogRow) => <Tag>{row.action}</Tag>, sortField: 'action' },
  {
    key: 'success',
    title: 'Outcome',
    render: (row: AccessLogRow) => <Tag color={row.success ? 'green' : 'red'}>{row.success ? 'Success' : 'Failed'}</Tag>,
    sortField: 'success',
  },
  'reason',
  'ip',
  'userAgent',
];
const FILTERS = ['createdAt', { field: 'action', label: 'Event' }, { field: 'success', label: 'Outcome' }] as const;
const POPULATE = [{ path: 'user' as const, select: ['fullName'] }];

export function UsersAccessLogsPage() {
  const table = useResourceTable(accessLogContract, {
    screen: 'users-access-logs',
    columns: COLUMNS,
    filters: FILTERS,
    extraFilters: ACCESS_LOG_EXTRA_FILTERS,
    populate: POPULATE,
    select: ['action', 'success'],
    rowName: (row) => `${row.email ?? ''} ${row.action ?? ''}`.trim() || row._id,
  });
  return (
    <ResourcePage title="Users Access Logs">
      <Card>
        <ResourceTable table={table} filters={<AccessLogFilters value={table.toolbar.extra} onChange={table.toolbar.setExtra} />} />
      </Card>
    </ResourcePage>
  );
}
