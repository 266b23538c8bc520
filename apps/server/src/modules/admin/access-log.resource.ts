import { PERMISSIONS as P } from '@crm/domain';
import { field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

// Admin > Users Access Logs: every login and logout of the company (the caller's own are at /profile/access-logs).
export const accessLogResource = defineResource({
  path: 'users-access-logs',
  model: 'accessLog',
  label: 'access log',
  tag: 'admin',
  scope: 'company',
  fields: {
    _id: field.uuid({ column: 'id' }),
    company: field.uuid({ column: 'companyId', nullable: true }),
    user: field.uuid({ column: 'userId', nullable: true }),
    email: field.string(),
    action: field.string(),
    success: field.boolean(),
    reason: field.string({ nullable: true }),
    ip: field.string({ nullable: true }),
    userAgent: field.string({ nullable: true }),
    createdAt: field.date(),
  },
  sortable: ['createdAt', 'email', 'action', 'success'],
  distinct: ['action', 'reason'],
  search: ['email', 'ip'],
  populate: {
    user: { relation: 'user', fields: { _id: field.uuid({ column: 'id' }), fullName: field.string(), email: field.string() } },
  },
  permissions: { read: [P.SUPER_ACCESS, P.USERS_VIEW] },
  exportColumns: [
    { header: 'Date', field: 'createdAt' },
    { header: 'Email', field: 'email' },
    { header: 'Action', field: 'action' },
    { header: 'Success', field: 'success' },
    { header: 'Reason', field: 'reason' },
    { header: 'IP', field: 'ip' },
    { header: 'User Agent', field: 'userAgent' },
  ],
});
