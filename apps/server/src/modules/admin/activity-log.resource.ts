import { PERMISSIONS as P } from '@crm/domain';
import { field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

// Admin > Activity Logs: who changed what, across the company's assets (filter by `asset` to narrow).
export const activityLogResource = defineResource({
  path: 'activity-logs',
  model: 'activityLog',
  label: 'activity log',
  tag: 'admin',
  scope: 'company',
  fields: {
    _id: field.uuid({ column: 'id' }),
    company: field.uuid({ column: 'companyId', nullable: true }),
    asset: field.uuid({ column: 'assetId', nullable: true }),
    user: field.uuid({ column: 'userId', nullable: true }),
    action: field.string(),
    subjectType: field.string(),
    subjectId: field.string({ nullable: true }),
    changes: field.json(),
    createdAt: field.date(),
  },
  sortable: ['createdAt', 'action', 'subjectType'],
  distinct: ['action', 'subjectType'],
  search: ['action', 'subjectType', 'subjectId'],
  permissions: { read: [P.SUPER_ACCESS] },
  exportColumns: [
    { header: 'Date', field: 'createdAt' },
    { header: 'Action', field: 'action' },
    { header: 'Subject Type', field: 'subjectType' },
    { header: 'Subject', field: 'subjectId' },
    { header: 'User', field: 'user' },
    { header: 'Asset', field: 'asset' },
  ],
});
