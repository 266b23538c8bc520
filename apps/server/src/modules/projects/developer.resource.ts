import { z } from 'zod';
import { PERMISSIONS as P, optionalText, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

export const DeveloperInputSchema = z.strictObject({
  name: requiredText('Name is required.', undefined, 200),
  slug: optionalText(200),
  logoUrl: optionalText(1000),
  translations: z.record(z.string(), z.unknown()).nullish(),
});

export const developerResource = defineResource({
  path: 'properties/developers',
  model: 'developer',
  label: 'developer',
  tag: 'properties',
  scope: 'asset',
  softDelete: true,
  fields: {
    ...baseFields({ softDelete: true }),
    name: field.string(),
    slug: field.string({ nullable: true }),
    logoUrl: field.string({ nullable: true }),
    translations: field.json(),
  },
  sortable: ['createdAt', 'updatedAt', 'name'],
  defaultSort: { name: 1 },
  search: ['name', 'slug'],
  create: DeveloperInputSchema,
  permissions: { read: [P.DEVELOPERS_VIEW, P.PROJECTS_VIEW, P.LEADS_REPORT_VIEW], write: [P.DEVELOPERS_VIEW], delete: [P.DEVELOPERS_VIEW] },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Slug', field: 'slug' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
