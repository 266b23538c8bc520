import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';

const userRef = { _id: f.id({ label: 'ID' }), fullName: f.string({ label: 'Name' }), email: f.string({ label: 'Email' }) };

// Admin > Users Access Logs: every sign-in and sign-out of the company (the caller's own are at /profile/access-logs).
export const accessLogContract = defineContract({
  name: 'accessLogs',
  path: 'users-access-logs',
  label: { one: 'access log', many: 'access logs' },
  scope: 'company',
  fields: {
    _id: f.id({ label: 'ID', exportable: false }),
    company: f.id({ label: 'Company', nullable: true, exportable: false }),
    user: f.ref('users', { label: 'User', exportable: false }),
    email: f.string({ label: 'Email', sortable: true, searchable: true }),
    action: f.string({ label: 'Action', sortable: true, distinct: true }),
    success: f.boolean({ label: 'Success', sortable: true }),
    reason: f.string({ label: 'Reason', nullable: true, distinct: true }),
    ip: f.string({ label: 'IP', nullable: true, searchable: true }),
    userAgent: f.string({ label: 'User Agent', nullable: true }),
    createdAt: f.date({ label: 'Date', sortable: true }),
  },
  relations: { user: rel.one('users', userRef, { label: 'User' }) },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['createdAt', 'email', 'action', 'success', 'reason', 'ip', 'userAgent'],
  permissions: { read: [P.SUPER_ACCESS, P.USERS_VIEW] },
});

// Admin > Activity Logs: who changed what, across the company's assets (filter by `asset` to narrow).
export const activityLogContract = defineContract({
  name: 'activityLogs',
  path: 'activity-logs',
  label: { one: 'activity log', many: 'activity logs' },
  scope: 'company',
  fields: {
    _id: f.id({ label: 'ID', exportable: false }),
    company: f.id({ label: 'Company', nullable: true, exportable: false }),
    asset: f.id({ label: 'Asset', nullable: true }),
    user: f.ref('users', { label: 'User' }),
    action: f.string({ label: 'Action', sortable: true, searchable: true, distinct: true }),
    subjectType: f.string({ label: 'Subject Type', sortable: true, searchable: true, distinct: true }),
    subjectId: f.string({ label: 'Subject', nullable: true, searchable: true }),
    changes: f.json({ label: 'Changes' }),
    createdAt: f.date({ label: 'Date', sortable: true }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['createdAt', 'action', 'subjectType', 'subjectId', 'user', 'asset'],
  permissions: { read: [P.SUPER_ACCESS] },
});
