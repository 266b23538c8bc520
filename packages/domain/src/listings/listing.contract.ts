import { z } from 'zod';
import { LIMITS } from '../constants/limits.constants.js';
import { AMENITIES } from '../leads/amenities.js';
import { LEAD_TYPES } from '../leads/lead-enums.js';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalId, optionalText, requiredText } from '../validation/zod-helpers.js';

// Listings: the lead form searches them by reference, city, location and sub-location.
export const listingFields = {
  ...baseFields({ softDelete: true }),
  reference: f.string({ label: 'Reference', sortable: true, searchable: true }),
  title: f.string({ label: 'Title', nullable: true }),
  leadType: f.enum(LEAD_TYPES, { label: 'Lead Type', distinct: true }),
  unitType: f.string({ label: 'Unit Type', nullable: true, distinct: true }),
  country: f.string({ label: 'Country', nullable: true, distinct: true, exportable: false }),
  city: f.string({ label: 'City', nullable: true, sortable: true, searchable: true, distinct: true }),
  location: f.string({ label: 'Location', nullable: true, sortable: true, searchable: true, distinct: true }),
  subLocation: f.string({ label: 'Sub Location', nullable: true, searchable: true, distinct: true }),
  community: f.string({ label: 'Community', nullable: true, distinct: true, exportable: false }),
  bedrooms: f.int({ label: 'Bedrooms', nullable: true, sortable: true, distinct: true }),
  bathrooms: f.int({ label: 'Bathrooms', nullable: true }),
  price: f.money({ label: 'Price', nullable: true, sortable: true }),
  amenities: f.strings({ label: 'Amenities', exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  enabled: f.boolean({ label: 'Enabled' }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, exportable: false }),
};

const rooms = z.number().int().min(0).max(LIMITS.MAX_ROOMS).nullish();
export const ListingInputSchema = z.strictObject({
  reference: requiredText(MESSAGES.record.required('Reference'), undefined, 100),
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
export type ListingInput = z.infer<typeof ListingInputSchema>;

export const listingContract = defineContract({
  name: 'listings',
  path: 'properties/listings',
  label: { one: 'listing', many: 'listings' },
  scope: 'asset',
  softDelete: true,
  fields: listingFields,
  relations: { agent: rel.one('members', pickFields(memberFields, ['_id', 'name', 'enabled']), { label: 'Agent' }) },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: [
    'reference',
    'title',
    'leadType',
    'unitType',
    'city',
    'location',
    'subLocation',
    'bedrooms',
    'bathrooms',
    'price',
    'agent.name',
    'enabled',
    'createdAt',
  ],
  create: ListingInputSchema,
  permissions: {
    read: [P.LISTINGS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    create: [P.LISTINGS_VIEW],
    update: [P.LISTINGS_VIEW],
    delete: [P.LISTINGS_VIEW],
  },
});
