import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';

/** Where a system log row comes from: a failed answer, a job that failed for good, an integration's error, an event a subscriber failed. */
export const SYSTEM_LOG_SOURCES = ['http', 'job', 'integration', 'event'] as const;

// Admin > System Logs: what went wrong on the server (5xx answers with their request id, failed jobs, integration
// errors), for the company's super admins. Rows of no company (a failure before anyone signed in) stay in the
// server's own log.
export const systemLogContract = defineContract({
  name: 'systemLogs',
  path: 'system-logs',
  label: { one: 'system log', many: 'system logs' },
  scope: 'company',
  fields: {
    _id: f.id({ label: 'ID', exportable: false }),
    company: f.id({ label: 'Company', nullable: true, exportable: false }),
    asset: f.id({ label: 'Asset', nullable: true }),
    user: f.ref('users', { label: 'User', exportable: false }),
    source: f.enum(SYSTEM_LOG_SOURCES, { label: 'Source', sortable: true }),
    event: f.string({ label: 'Event', sortable: true, distinct: true }),
    message: f.string({ label: 'Message', searchable: true }),
    requestId: f.string({ label: 'Request ID', nullable: true, searchable: true }),
    method: f.string({ label: 'Method', nullable: true, distinct: true }),
    url: f.string({ label: 'Path', nullable: true, searchable: true }),
    status: f.int({ label: 'Status', nullable: true, sortable: true, distinct: true }),
    queue: f.string({ label: 'Queue', nullable: true, distinct: true }),
    jobId: f.string({ label: 'Job', nullable: true, searchable: true }),
    attempts: f.int({ label: 'Attempts', nullable: true }),
    createdAt: f.date({ label: 'Date', sortable: true }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['createdAt', 'source', 'event', 'message', 'requestId', 'method', 'url', 'status', 'queue', 'jobId', 'attempts'],
  permissions: { read: [P.SUPER_ACCESS] },
});
