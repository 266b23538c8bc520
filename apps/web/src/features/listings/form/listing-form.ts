import { type ContractRecord, type ListingInput, listingContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../../kit/form/form-spec';
import { customFieldsBody } from '../../../kit/custom-fields/custom-field-list';
import { refIdOf } from '../../../kit/resource/refs';
import { ListingFormFields } from './ListingFormFields';

// The listing editor: details, location, media (pictures picked in Storage, dragged into order, one the cover),
// amenities, permit and publishing. The kit checks the values with the contract's schema, so the browser shows the
// server's own messages before any request; the server adds the rules across fields and files.

type Listings = typeof listingContract;
export type ListingFormDraft = ResourceFormValues<Listings>;

export function listingDefaults(): ListingFormDraft {
  return {
    reference: '',
    leadType: 'Sale',
    status: 'Draft',
    country: 'United Arab Emirates',
    city: 'Dubai',
    images: [],
    floorPlans: [],
    cover: null,
    amenities: [],
    tags: [],
    portals: [],
    enabled: true,
    customFields: {},
  };
}

export function listingRecordToForm(listing: ContractRecord<Listings>): ListingFormDraft {
  return {
    reference: listing.reference,
    title: listing.title ?? '',
    titleAr: listing.titleAr ?? '',
    description: listing.description ?? '',
    descriptionAr: listing.descriptionAr ?? '',
    leadType: listing.leadType,
    rentFrequency: listing.rentFrequency,
    unitType: (listing.unitType as ListingInput['unitType']) ?? null,
    status: listing.status,
    completionStatus: listing.completionStatus,
    furnishing: listing.furnishing,
    price: listing.price,
    size: listing.size,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    country: listing.country ?? '',
    city: listing.city ?? '',
    location: listing.location ?? '',
    subLocation: listing.subLocation ?? '',
    community: listing.community ?? '',
    subCommunity: listing.subCommunity ?? '',
    building: listing.building ?? '',
    latitude: listing.latitude,
    longitude: listing.longitude,
    amenities: [...(listing.amenities ?? [])] as ListingInput['amenities'],
    images: (listing.images ?? []).map((image) => image.file),
    floorPlans: (listing.floorPlans ?? []).map((plan) => plan.file),
    cover: refIdOf(listing.cover) ?? null,
    agent: refIdOf(listing.agent) ?? null,
    owner: refIdOf(listing.owner) ?? null,
    permitNumber: listing.permitNumber ?? '',
    permitExpiresAt: listing.permitExpiresAt,
    tags: [...(listing.tags ?? [])],
    portals: [...(listing.portals ?? [])] as ListingInput['portals'],
    enabled: listing.enabled,
    customFields: { ...(listing.customFields ?? {}) },
  };
}

const TEXTS = [
  'title',
  'titleAr',
  'description',
  'descriptionAr',
  'country',
  'city',
  'location',
  'subLocation',
  'community',
  'subCommunity',
  'building',
  'permitNumber',
] as const;

/** Empty texts and references are none (null clears them on update); a sale names no rent frequency. */
export function toListingBody<T extends Partial<ListingInput>>(values: T): T {
  const body: T = { ...values };
  for (const key of TEXTS) if (key in body && !body[key]) Object.assign(body, { [key]: null });
  for (const key of ['agent', 'owner', 'cover'] as const) if (key in body && !body[key]) Object.assign(body, { [key]: null });
  if (body.leadType === 'Sale') Object.assign(body, { rentFrequency: null });
  if (body.customFields) Object.assign(body, { customFields: customFieldsBody(body.customFields) });
  return body;
}

export const listingForm = defineResourceForm({
  contract: listingContract,
  Fields: ListingFormFields,
  defaults: listingDefaults,
  fromRecord: listingRecordToForm,
  populate: ['owner'],
  createBody: toListingBody,
  updateBody: toListingBody,
});
