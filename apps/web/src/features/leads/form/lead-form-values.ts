import {
  contactTypeForListing,
  DEFAULT_LEAD_STAGE,
  DEFAULT_LEAD_STATUS,
  FORM_LEAD_TYPE,
  formatInZone,
  GEO_DEFAULTS,
  LEAD_FIELDS_LOCKED_ONCE_SET,
  LEAD_FORM_TO_PAYLOAD_FIELD,
  LEAD_TYPE,
  leadTypeForContactType,
  SLA_DATE_FORMAT,
  CONTACT_METHODS,
  CONTACT_TYPES,
  ENQUIRY_METHODS,
  FORM_LEAD_TYPES,
  LEAD_ACTIONS,
  LEAD_FORM_STAGES,
  LEAD_STATUSES,
  LEAD_TYPES,
  RATINGS,
  type ContractRow,
  type LeadFormInput,
  type listingContract,
  type projectContract,
} from '@crm/domain';
import type { ApiError } from '../../../kit/api/api-error';
import { customFieldsBody } from '../../../kit/custom-fields/custom-field-list';
import { refIdOf } from '../../../kit/resource/refs';
import type { LeadRecord } from '../report/lead-row';

// Pure translations between the lead form's values and the records the server answers (docs/product.md
// 'Lead form'): the create defaults, a stored lead as form values, the auto-fill from a listing or a project, and
// the payload's field names back to the form's for server errors.

export type LeadFormField = keyof LeadFormInput & string;
export type ListingOption = ContractRow<typeof listingContract>;
export type ProjectOption = ContractRow<typeof projectContract>;
export type LockedLeadField = (typeof LEAD_FIELDS_LOCKED_ONCE_SET)[number];
export interface LocationValue {
  value: string;
  label: string;
}

/** The Create Lead page's starting values (docs/product.md 'Lead form'). */
export function createLeadDefaults(): LeadFormDraft {
  return {
    type: FORM_LEAD_TYPE.LISTING,
    stage: DEFAULT_LEAD_STAGE,
    status: DEFAULT_LEAD_STATUS,
    country: GEO_DEFAULTS.COUNTRY,
    city: GEO_DEFAULTS.CITY,
    amenities: [],
    isManualAssignment: false,
    sendToPool: false,
    setAutoSLADetails: true,
  };
}

export function locationValue(label: string | null | undefined): LocationValue | undefined {
  return label ? { value: label, label } : undefined;
}

/** An instant as the SLA pickers' wall time in `timeZone` ('' when missing). */
export function slaWallTime(value: unknown, timeZone: string | undefined): string | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  return formatInZone(value, SLA_DATE_FORMAT, timeZone) || undefined;
}

/** The form's store: every field may still be empty. */
export type LeadFormDraft = Partial<LeadFormInput>;

/** A stored value when it is one of `values` (a value the form cannot offer is left empty). */
function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

const UTM_KEYS = ['id', 'source', 'medium', 'campaign', 'term', 'content'] as const;

/** The lead's stored UTM (free-form JSON) as the form's fields: its text values only. */
function utmOf(utm: LeadRecord['utm']): LeadFormDraft['utm'] {
  if (typeof utm !== 'object' || utm === null || Array.isArray(utm)) return null;
  const text = (key: string) => {
    const value = utm[key];
    return typeof value === 'string' && value ? value : undefined;
  };
  return Object.fromEntries(UTM_KEYS.map((key) => [key, text(key)]));
}

/** A stored lead (`leads.byId`) as the Update Lead page's values. */
export function leadRecordToForm(lead: LeadRecord, timeZone?: string): LeadFormDraft {
  return {
    customer: refIdOf(lead.customer),
    contactType: oneOf(CONTACT_TYPES, lead.contactType),
    type: oneOf(FORM_LEAD_TYPES, lead.type),
    listing: refIdOf(lead.listing) ?? null,
    campaignName: refIdOf(lead.project) ?? null,
    source: lead.source || undefined,
    leadType: oneOf(LEAD_TYPES, lead.leadType) ?? null,
    referredBy: refIdOf(lead.referredBy),
    enquiryMethod: oneOf(ENQUIRY_METHODS, lead.enquiryMethod) ?? null,
    contactMethod: oneOf(CONTACT_METHODS, lead.contactMethod),
    minBedroom: lead.minBedrooms,
    maxBedroom: lead.maxBedrooms,
    minBathrooms: lead.minBathrooms,
    maxBathrooms: lead.maxBathrooms,
    minBudget: lead.minPrice,
    maxBudget: lead.maxPrice,
    remarks: lead.remarks,
    stage: oneOf(LEAD_FORM_STAGES, lead.stage),
    status: oneOf(LEAD_STATUSES, lead.status),
    action: oneOf(LEAD_ACTIONS, lead.action),
    rating: oneOf(RATINGS, lead.rating) ?? null,
    propertyType: lead.unitType,
    amenities: [...lead.amenities],
    country: lead.country,
    city: lead.city,
    location: locationValue(lead.location) ?? null,
    subLocation: lead.subLocation,
    community: lead.community,
    isManualAssignment: lead.isManualAssignment,
    agent: refIdOf(lead.agent),
    sendToPool: lead.sendToPool,
    setAutoSLADetails: lead.setAutoSLADetails,
    initialSlaEndDate: slaWallTime(lead.initialSlaEndDate, timeZone) ?? null,
    freePoolSlaEndDate: slaWallTime(lead.freePoolSlaEndDate, timeZone) ?? null,
    utm: utmOf(lead.utm),
    parentId: lead.parentId,
    customFields: { ...(lead.customFields ?? {}) },
  };
}

/** The form's values as they are checked and sent: an emptied custom field is null, so an update clears it. */
export function leadFormToSend(values: LeadFormDraft): LeadFormDraft {
  return values.customFields ? { ...values, customFields: customFieldsBody(values.customFields) as LeadFormDraft['customFields'] } : values;
}

/** On update these are locked once they hold a value. */
export function lockedLeadFields(lead: LeadRecord | undefined): ReadonlySet<LockedLeadField> {
  if (!lead) return new Set();
  const values = leadRecordToForm(lead);
  return new Set(
    LEAD_FIELDS_LOCKED_ONCE_SET.filter((field) => values[field] !== undefined && values[field] !== null && values[field] !== ''),
  );
}

/**
 * Choosing a listing fills contactType (Tenant for rent, Buyer for sale), property type, lead type,
 * location, city, country, bathrooms, bedrooms and amenities.
 */
export function listingFillPatch(listing: ListingOption): LeadFormDraft {
  const contactType = contactTypeForListing(listing.leadType);
  const bedrooms = listing.bedrooms ?? null;
  const bathrooms = listing.bathrooms ?? null;
  const patch: LeadFormDraft = {
    propertyType: listing.unitType || null,
    location: locationValue(listing.location) ?? null,
    city: listing.city || GEO_DEFAULTS.CITY,
    country: listing.country || GEO_DEFAULTS.COUNTRY,
    minBedroom: bedrooms,
    maxBedroom: bedrooms,
    minBathrooms: bathrooms,
    maxBathrooms: bathrooms,
    amenities: [...(listing.amenities ?? [])],
  };
  if (contactType) patch.contactType = contactType;
  const leadType = leadTypeForContactType(contactType) ?? oneOf(LEAD_TYPES, listing.leadType);
  if (leadType) patch.leadType = leadType;
  return patch;
}

/** Choosing a project fills leadType Sale, city, country, bedrooms and amenities. */
export function projectFillPatch(project: ProjectOption): LeadFormDraft {
  const bedrooms = project.bedrooms ?? [];
  return {
    leadType: LEAD_TYPE.SALE,
    city: project.city || GEO_DEFAULTS.CITY,
    country: project.country || GEO_DEFAULTS.COUNTRY,
    minBedroom: bedrooms.length ? Math.min(...bedrooms) : null,
    maxBedroom: bedrooms.length ? Math.max(...bedrooms) : null,
    amenities: [...(project.amenities ?? [])],
  };
}

const PAYLOAD_TO_FORM: Readonly<Record<string, LeadFormField>> = Object.fromEntries(
  Object.entries(LEAD_FORM_TO_PAYLOAD_FIELD).map(([form, payload]) => [payload, form as LeadFormField]),
);

/** A 400 from create/update names payload fields (minBedrooms, unitType...): put them under the form's names. */
export function withFormFieldNames(error: ApiError): ApiError {
  const data = error.data;
  if (error.statusCode !== 400 || typeof data !== 'object' || data === null || Array.isArray(data)) return error;
  const renamed: Record<string, unknown> = {};
  for (const [key, messages] of Object.entries(data)) {
    const name = PAYLOAD_TO_FORM[key] ?? key;
    const previous = renamed[name];
    renamed[name] = Array.isArray(previous) && Array.isArray(messages) ? [...new Set([...previous, ...messages])] : messages;
  }
  return { ...error, data: renamed };
}
