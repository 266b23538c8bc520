import { z } from 'zod';
import { PERMISSIONS as P, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

export const GroupInputSchema = z.strictObject({ name: requiredText('Name is required.', undefined, 200) });

export const groupResource = defineResource({
  path: 'teams/groups',
  model: 'group',
  label: 'group',
  tag: 'teams',
  scope: 'asset',
  softDelete: true,
  fields: { ...baseFields({ softDelete: true }), name: field.string() },
  sortable: ['createdAt', 'updatedAt', 'name'],
  defaultSort: { name: 1 },
  search: ['name'],
  populate: {
    members: {
      relation: 'members',
      many: true,
      fields: { _id: field.uuid({ column: 'id' }), name: field.string(), enabled: field.boolean() },
    },
  },
  create: GroupInputSchema,
  permissions: { read: [P.GROUPS_VIEW, P.MEMBERS_VIEW], write: [P.GROUPS_VIEW], delete: [P.GROUPS_VIEW] },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
