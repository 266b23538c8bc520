import { z } from 'zod';
import { CustomFieldValuesInputSchema, customFieldsField } from '../custom-fields/custom-field-values.js';
import { customerFields } from '../customers/customer.contract.js';
import { LIMITS } from '../constants/limits.constants.js';
import { AMENITIES } from '../leads/amenities.js';
import { UNIT_TYPES } from '../leads/unit-types.js';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { type ContractRow, defineContract, rel } from '../resources/contract.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalEnum, optionalId, optionalText, requiredText } from '../validation/zod-helpers.js';
import {
  COMPLETION_STATUSES,
  FURNISHINGS,
  LISTING_MEDIA_LIMITS,
  LISTING_PORTALS,
  LISTING_PURPOSES,
  LISTING_STATUSES,
  RENT_FREQUENCIES,
} from './listing-enums.js';
import { PERMIT_STATUSES, PortalStatusSchema } from './listing-syndication.js';
import { ListingMediaSchema, listingFloorPlansInput, listingImagesInput } from './listing-media.js';

// The record a brokerage in Dubai keeps for a unit it sells or lets. The lead form searches listings by reference,
// city, location and sub-location, and copies purpose (leadType), type, location and rooms from the one it picks.
export const listingFields = {
  ...baseFields({ softDelete: true }),
  reference: f.string({ label: 'Reference', sortable: true, searchable: true }),
  title: f.string({ label: 'Title', nullable: true, searchable: true }),
  titleAr: f.string({ label: 'Title (Arabic)', nullable: true, exportable: false }),
  description: f.string({ label: 'Description', nullable: true, exportable: false }),
  descriptionAr: f.string({ label: 'Description (Arabic)', nullable: true, exportable: false }),
  leadType: f.enum(LISTING_PURPOSES, { label: 'Purpose', distinct: true }),
  rentFrequency: f.enum(RENT_FREQUENCIES, { label: 'Rent Frequency', nullable: true }),
  unitType: f.string({ label: 'Unit Type', nullable: true, distinct: true }),
  status: f.enum(LISTING_STATUSES, { label: 'Status', sortable: true, distinct: true }),
  completionStatus: f.enum(COMPLETION_STATUSES, { label: 'Completion', nullable: true, distinct: true }),
  furnishing: f.enum(FURNISHINGS, { label: 'Furnishing', nullable: true, distinct: true }),
  price: f.money({ label: 'Price', nullable: true, sortable: true }),
  size: f.number({ label: 'Size (sq ft)', nullable: true, sortable: true }),
  bedrooms: f.int({ label: 'Bedrooms', nullable: true, sortable: true, distinct: true }),
  bathrooms: f.int({ label: 'Bathrooms', nullable: true }),
  parking: f.int({ label: 'Parking', nullable: true }),
  country: f.string({ label: 'Country', nullable: true, distinct: true, exportable: false }),
  city: f.string({ label: 'City', nullable: true, sortable: true, searchable: true, distinct: true }),
  location: f.string({ label: 'Location', nullable: true, sortable: true, searchable: true, distinct: true }),
  subLocation: f.string({ label: 'Sub Location', nullable: true, searchable: true, distinct: true }),
  community: f.string({ label: 'Community', nullable: true, distinct: true }),
  subCommunity: f.string({ label: 'Sub-community', nullable: true, distinct: true }),
  building: f.string({ label: 'Building', nullable: true, distinct: true }),
  latitude: f.number({ label: 'Latitude', nullable: true, exportable: false }),
  longitude: f.number({ label: 'Longitude', nullable: true, exportable: false }),
  amenities: f.strings({ label: 'Amenities', exportable: false }),
  images: f.json({ label: 'Images' }, z.array(ListingMediaSchema)),
  floorPlans: f.json({ label: 'Floor Plans' }, z.array(ListingMediaSchema)),
  cover: f.ref('storage', { label: 'Cover', exportable: false }),
  coverUrl: f.string({ label: 'Cover URL', nullable: true, exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  owner: f.ref('customers', { label: 'Owner', exportable: false }),
  permitNumber: f.string({ label: 'Permit (Trakheesi)', nullable: true, searchable: true }),
  permitExpiresAt: f.date({ label: 'Permit Expiry', nullable: true, sortable: true }),
  // Written only by the Trakheesi check (GET trakheesi/{id}), never by the form.
  permitStatus: f.enum(PERMIT_STATUSES, { label: 'Permit Status', distinct: true }),
  permitCheckedAt: f.date({ label: 'Permit Checked', nullable: true }),
  shortUrl: f.string({ label: 'Short Link', nullable: true, exportable: false }),
  tags: f.strings({ label: 'Tags', exportable: false }),
  portals: f.strings({ label: 'Portals', exportable: false }),
  // Written only by the portals' own reports (Property Finder's listing webhooks), never by the form.
  portalStatus: f.json({ label: 'Portal Status', exportable: false }, PortalStatusSchema),
  enabled: f.boolean({ label: 'Enabled' }),
  sourceDataId: f.string({ label: 'CRM ID', nullable: true, exportable: false }),
  customFields: customFieldsField(),
};

const rooms = z.number().int().min(0).max(LIMITS.MAX_ROOMS).nullish();
const tag = z.string().trim().min(1).max(50);
export const ListingInputSchema = z.strictObject({
  reference: requiredText(MESSAGES.record.required('Reference'), undefined, 100),
  title: optionalText(500),
  titleAr: optionalText(500),
  description: optionalText(10_000),
  descriptionAr: optionalText(10_000),
  leadType: z.enum(LISTING_PURPOSES, { error: MESSAGES.lead.invalidOption('Purpose') }).optional(),
  rentFrequency: optionalEnum(RENT_FREQUENCIES, 'Rent frequency'),
  unitType: optionalEnum(UNIT_TYPES, 'Unit type'),
  status: z.enum(LISTING_STATUSES, { error: MESSAGES.lead.invalidOption('Status') }).optional(),
  completionStatus: optionalEnum(COMPLETION_STATUSES, 'Completion status'),
  furnishing: optionalEnum(FURNISHINGS, 'Furnishing'),
  price: z.number().min(0).max(LIMITS.MAX_BUDGET).nullish(),
  size: z.number().min(0).max(10_000_000).nullish(),
  bedrooms: rooms,
  bathrooms: rooms,
  parking: rooms,
  country: optionalText(100),
  city: optionalText(100),
  location: optionalText(200),
  subLocation: optionalText(200),
  community: optionalText(200),
  subCommunity: optionalText(200),
  building: optionalText(200),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  amenities: z.array(z.enum(AMENITIES)).max(LISTING_MEDIA_LIMITS.MAX_AMENITIES).optional(),
  images: listingImagesInput.optional(),
  floorPlans: listingFloorPlansInput.optional(),
  cover: optionalId('Cover'),
  agent: optionalId('Agent'),
  owner: optionalId('Owner'),
  permitNumber: optionalText(50),
  permitExpiresAt: z.iso.datetime({ offset: true, error: MESSAGES.lead.invalidDate }).nullish(),
  tags: z.array(tag).max(LISTING_MEDIA_LIMITS.MAX_TAGS).optional(),
  portals: z.array(z.enum(LISTING_PORTALS)).max(LISTING_PORTALS.length).optional(),
  enabled: z.boolean().optional(),
  sourceDataId: optionalText(200),
  customFields: CustomFieldValuesInputSchema.optional(),
});
export type ListingInput = z.infer<typeof ListingInputSchema>;

export const listingContract = defineContract({
  name: 'listings',
  path: 'properties/listings',
  label: { one: 'listing', many: 'listings' },
  scope: 'asset',
  softDelete: true,
  fields: listingFields,
  relations: {
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name', 'enabled']), { label: 'Agent' }),
    owner: rel.one('customers', pickFields(customerFields, ['_id', 'fullName', 'customerID']), { label: 'Owner' }),
    cover: rel.one('storage', pickFields(storedFileFields, ['_id', 'name', 'file', 'thumbnail']), { label: 'Cover' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  // The columns exports had before the brokerage fields, then those, so existing spreadsheets keep their layout.
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
    'status',
    'community',
    'size',
    'permitNumber',
    'permitExpiresAt',
  ],
  create: ListingInputSchema,
  permissions: {
    read: [P.LISTINGS_VIEW, P.LEAD_ADD, P.LEAD_UPDATE, P.LEADS_REPORT_VIEW],
    create: [P.LISTINGS_VIEW],
    update: [P.LISTINGS_VIEW],
    delete: [P.LISTINGS_VIEW],
  },
});

/** A row of the listings list, as the browser reads it. */
export type ListingRow = ContractRow<typeof listingContract>;
