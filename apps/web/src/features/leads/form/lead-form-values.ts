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
  type LeadFormInput,
} from '@crm/domain';
import type { ApiError } from '../../../kit/api/api-error';
import { child, flag, numberOf, refId, text, texts, type LooseRecord } from '../../../kit/record/record';

// Pure translations between the lead form's values and the records the server answers (docs/product.md
// 'Lead form'): the create defaults, a stored lead as form values, the auto-fill from a listing or a project, and
// the payload's field names back to the form's for server errors.

export type LeadFormField = keyof LeadFormInput & string;
export type LockedLeadField = (typeof LEAD_FIELDS_LOCKED_ONCE_SET)[number];
export interface LocationValue {
  value: string;
  label: string;
}

/** Every field of the form, for mapping server errors onto them. */
export const LEAD_FORM_FIELDS: readonly LeadFormField[] = [
  'customer',
  'contactType',
  'type',
  'listing',
  'campaignName',
  'source',
  'leadType',
  'referredBy',
  'enquiryMethod',
  'contactMethod',
  'minBedroom',
  'maxBedroom',
  'minBathrooms',
  'maxBathrooms',
  'minBudget',
  'maxBudget',
  'remarks',
  'stage',
  'status',
  'action',
  'rating',
  'propertyType',
  'amenities',
  'country',
  'city',
  'location',
  'subLocation',
  'community',
  'isManualAssignment',
  'agent',
  'sendToPool',
  'initialSlaEndDate',
  'freePoolSlaEndDate',
  'setAutoSLADetails',
  'utm',
  'parentId',
];

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
function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** A stored lead (GET {id}) as the Update Lead page's values. */
export function leadRecordToForm(lead: LooseRecord, timeZone?: string): LeadFormDraft {
  const utm = child(lead, 'utm');
  return {
    customer: refId(lead, 'customer'),
    contactType: oneOf(CONTACT_TYPES, text(lead, 'contactType')),
    type: oneOf(FORM_LEAD_TYPES, text(lead, 'type')),
    listing: refId(lead, 'listing') ?? null,
    campaignName: refId(lead, 'project') ?? null,
    source: text(lead, 'source'),
    leadType: oneOf(LEAD_TYPES, text(lead, 'leadType')) ?? null,
    referredBy: refId(lead, 'referredBy'),
    enquiryMethod: oneOf(ENQUIRY_METHODS, text(lead, 'enquiryMethod')) ?? null,
    contactMethod: oneOf(CONTACT_METHODS, text(lead, 'contactMethod')),
    minBedroom: numberOf(lead, 'minBedrooms') ?? null,
    maxBedroom: numberOf(lead, 'maxBedrooms') ?? null,
    minBathrooms: numberOf(lead, 'minBathrooms') ?? null,
    maxBathrooms: numberOf(lead, 'maxBathrooms') ?? null,
    minBudget: numberOf(lead, 'minPrice') ?? null,
    maxBudget: numberOf(lead, 'maxPrice') ?? null,
    remarks: text(lead, 'remarks') ?? null,
    stage: oneOf(LEAD_FORM_STAGES, text(lead, 'stage')),
    status: oneOf(LEAD_STATUSES, text(lead, 'status')),
    action: oneOf(LEAD_ACTIONS, text(lead, 'action')),
    rating: oneOf(RATINGS, text(lead, 'rating')) ?? null,
    propertyType: text(lead, 'unitType') ?? null,
    amenities: texts(lead, 'amenities'),
    country: text(lead, 'country') ?? null,
    city: text(lead, 'city') ?? null,
    location: locationValue(text(lead, 'location')) ?? null,
    subLocation: text(lead, 'subLocation') ?? null,
    community: text(lead, 'community') ?? null,
    isManualAssignment: flag(lead, 'isManualAssignment'),
    agent: refId(lead, 'agent'),
    sendToPool: flag(lead, 'sendToPool'),
    setAutoSLADetails: lead.setAutoSLADetails !== false,
    initialSlaEndDate: slaWallTime(lead.initialSlaEndDate, timeZone) ?? null,
    freePoolSlaEndDate: slaWallTime(lead.freePoolSlaEndDate, timeZone) ?? null,
    utm: utm
      ? {
          id: text(utm, 'id'),
          source: text(utm, 'source'),
          medium: text(utm, 'medium'),
          campaign: text(utm, 'campaign'),
          term: text(utm, 'term'),
          content: text(utm, 'content'),
        }
      : null,
    parentId: text(lead, 'parentId') ?? null,
  };
}

/** On update these are locked once they hold a value. */
export function lockedLeadFields(lead: LooseRecord | undefined): ReadonlySet<LockedLeadField> {
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
export function listingFillPatch(listing: LooseRecord): LeadFormDraft {
  const contactType = contactTypeForListing(text(listing, 'leadType'));
  const bedrooms = numberOf(listing, 'bedrooms') ?? null;
  const bathrooms = numberOf(listing, 'bathrooms') ?? null;
  const patch: LeadFormDraft = {
    propertyType: text(listing, 'unitType') ?? null,
    location: locationValue(text(listing, 'location')) ?? null,
    city: text(listing, 'city') ?? GEO_DEFAULTS.CITY,
    country: text(listing, 'country') ?? GEO_DEFAULTS.COUNTRY,
    minBedroom: bedrooms,
    maxBedroom: bedrooms,
    minBathrooms: bathrooms,
    maxBathrooms: bathrooms,
    amenities: texts(listing, 'amenities'),
  };
  if (contactType) patch.contactType = contactType;
  const leadType = leadTypeForContactType(contactType) ?? oneOf(LEAD_TYPES, text(listing, 'leadType'));
  if (leadType) patch.leadType = leadType;
  return patch;
}

/** Choosing a project fills leadType Sale, city, country, bedrooms and amenities. */
export function projectFillPatch(project: LooseRecord): LeadFormDraft {
  const bedrooms = Array.isArray(project.bedrooms) ? project.bedrooms.filter((n): n is number => typeof n === 'number') : [];
  return {
    leadType: LEAD_TYPE.SALE,
    city: text(project, 'city') ?? GEO_DEFAULTS.CITY,
    country: text(project, 'country') ?? GEO_DEFAULTS.COUNTRY,
    minBedroom: bedrooms.length ? Math.min(...bedrooms) : null,
    maxBedroom: bedrooms.length ? Math.max(...bedrooms) : null,
    amenities: texts(project, 'amenities'),
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
