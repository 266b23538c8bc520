import { z } from 'zod';
import { AMENITIES, LIMITS, PERMISSIONS as P, UNIT_TYPES, optionalId, optionalText, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

// Off-plan projects. The lead form searches them with no limit; the Leads report shows
// their name, campaign and developer.

const price = z.number().min(0).max(LIMITS.MAX_BUDGET).nullish();
export const ProjectInputSchema = z.strictObject({
  name: requiredText('Name is required.', undefined, 300),
  slug: requiredText('Slug is required.', undefined, 300),
  enabled: z.boolean().optional(),
  translations: z.record(z.string(), z.unknown()).nullish(),
  developer: optionalId('Developer'),
  campaignName: optionalText(300),
  country: optionalText(100),
  city: optionalText(100),
  location: optionalText(200),
  bedrooms: z.array(z.number().int().min(0).max(LIMITS.MAX_ROOMS)).max(50).optional(),
  amenities: z.array(z.enum(AMENITIES)).max(100).optional(),
  unitTypes: z.array(z.enum(UNIT_TYPES)).max(100).optional(),
  minPrice: price,
  maxPrice: price,
  startDate: z.iso.datetime({ offset: true }).nullish(),
  completionDate: z.iso.datetime({ offset: true }).nullish(),
  sourceDataId: optionalText(200),
});

const idField = field.uuid({ column: 'id' });

export const projectResource = defineResource({
  path: 'properties/projects',
  model: 'project',
  label: 'project',
  tag: 'properties',
  scope: 'asset',
  softDelete: true,
  fields: {
    ...baseFields({ softDelete: true }),
    name: field.string(),
    slug: field.string(),
    enabled: field.boolean(),
    translations: field.json(),
    developer: field.ref('developer', 'Developer', { column: 'developerId' }),
    campaignName: field.string({ nullable: true }),
    country: field.string({ nullable: true }),
    city: field.string({ nullable: true }),
    location: field.string({ nullable: true }),
    bedrooms: field.ints(),
    amenities: field.strings(),
    unitTypes: field.strings(),
    minPrice: field.decimal({ nullable: true }),
    maxPrice: field.decimal({ nullable: true }),
    startDate: field.date({ nullable: true }),
    completionDate: field.date({ nullable: true }),
    sourceDataId: field.string({ nullable: true }),
  },
  sortable: ['createdAt', 'updatedAt', 'name', 'campaignName', 'city', 'minPrice', 'maxPrice', 'startDate', 'completionDate'],
  defaultSort: { name: 1 },
  distinct: ['city', 'country', 'location', 'campaignName'],
  search: ['name', 'campaignName', 'city', 'location'],
  populate: {
    developer: {
      relation: 'developer',
      fields: { _id: idField, name: field.string(), slug: field.string({ nullable: true }), logoUrl: field.string({ nullable: true }) },
    },
    agents: { relation: 'agents', many: true, fields: { _id: idField, name: field.string(), enabled: field.boolean() } },
  },
  create: ProjectInputSchema,
  permissions: {
    read: [P.PROJECTS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    write: [P.PROJECTS_VIEW],
    delete: [P.PROJECTS_VIEW],
  },
  exportColumns: [
    { header: 'Name', field: 'name' },
    { header: 'Campaign Name', field: 'campaignName' },
    { header: 'Developer', field: 'developer.name' },
    { header: 'City', field: 'city' },
    { header: 'Location', field: 'location' },
    { header: 'Min Price', field: 'minPrice' },
    { header: 'Max Price', field: 'maxPrice' },
    { header: 'Enabled', field: 'enabled' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
