import { z } from 'zod';
import { PERMISSIONS as P, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

export const DepartmentInputSchema = z.strictObject({
  name: requiredText('Name is required.', undefined, 200),
  translations: z.record(z.string(), z.unknown()).nullish(),
});

export const departmentResource = defineResource({
  path: 'teams/departments',
  model: 'department',
  label: 'department',
  tag: 'teams',
  scope: 'asset',
  softDelete: true,
  fields: { ...baseFields({ softDelete: true }), name: field.string(), translations: field.json() },
  sortable: ['createdAt', 'updatedAt', 'name'],
  defaultSort: { name: 1 },
  search: ['name'],
  create: DepartmentInputSchema,
  permissions: { read: [P.DEPARTMENTS_VIEW, P.MEMBERS_VIEW], write: [P.DEPARTMENTS_VIEW], delete: [P.DEPARTMENTS_VIEW] },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
