import { z } from 'zod';
import { AMENITIES, LEAD_TYPES, LIMITS, PERMISSIONS as P, optionalId, optionalText, requiredText } from '@crm/domain';
import { baseFields, field } from '../../resources/resource-fields.js';
import { defineResource } from '../../resources/resource-define.js';

// Listings: the lead form searches them by reference, city, location and sub-location.

const rooms = z.number().int().min(0).max(LIMITS.MAX_ROOMS).nullish();
export const ListingInputSchema = z.strictObject({
  reference: requiredText('Reference is required.', undefined, 100),
  title: optionalText(500),
  leadType: z.enum(LEAD_TYPES).optional(),
  unitType: optionalText(100),
  country: optionalText(100),
  city: optionalText(100),
  location: optionalText(200),
  subLocation: optionalText(200),
  community: optionalText(200),
  bedrooms: rooms,
  bathrooms: rooms,
  price: z.number().min(0).max(LIMITS.MAX_BUDGET).nullish(),
  amenities: z.array(z.enum(AMENITIES)).max(100).optional(),
  agent: optionalId('Agent'),
  enabled: z.boolean().optional(),
  sourceDataId: optionalText(200),
});

export const listingResource = defineResource({
  path: 'properties/listings',
  model: 'listing',
  label: 'listing',
  tag: 'properties',
  scope: 'asset',
  softDelete: true,
  fields: {
    ...baseFields({ softDelete: true }),
    reference: field.string(),
    title: field.string({ nullable: true }),
    leadType: field.enum(LEAD_TYPES),
    unitType: field.string({ nullable: true }),
    country: field.string({ nullable: true }),
    city: field.string({ nullable: true }),
    location: field.string({ nullable: true }),
    subLocation: field.string({ nullable: true }),
    community: field.string({ nullable: true }),
    bedrooms: field.int({ nullable: true }),
    bathrooms: field.int({ nullable: true }),
    price: field.decimal({ nullable: true }),
    amenities: field.strings(),
    agent: field.ref('teamMember', 'Agent', { column: 'agentId' }),
    enabled: field.boolean(),
    sourceDataId: field.string({ nullable: true }),
  },
  sortable: ['createdAt', 'updatedAt', 'reference', 'price', 'bedrooms', 'city', 'location'],
  distinct: ['leadType', 'unitType', 'country', 'city', 'location', 'subLocation', 'community', 'bedrooms'],
  search: ['reference', 'city', 'location', 'subLocation'],
  populate: {
    agent: { relation: 'agent', fields: { _id: field.uuid({ column: 'id' }), name: field.string(), enabled: field.boolean() } },
  },
  create: ListingInputSchema,
  permissions: {
    read: [P.LISTINGS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    write: [P.LISTINGS_VIEW],
    delete: [P.LISTINGS_VIEW],
  },
  exportColumns: [
    { header: 'Reference', field: 'reference' },
    { header: 'Title', field: 'title' },
    { header: 'Lead Type', field: 'leadType' },
    { header: 'Unit Type', field: 'unitType' },
    { header: 'City', field: 'city' },
    { header: 'Location', field: 'location' },
    { header: 'Sub Location', field: 'subLocation' },
    { header: 'Bedrooms', field: 'bedrooms' },
    { header: 'Bathrooms', field: 'bathrooms' },
    { header: 'Price', field: 'price' },
    { header: 'Agent', field: 'agent.name' },
    { header: 'Enabled', field: 'enabled' },
    { header: 'Created At', field: 'createdAt' },
  ],
});
