import {
  CONTACT_TYPE,
  DEFAULT_LEAD_STAGE,
  FORM_LEAD_TYPE,
  LEAD_TYPE,
  type ContactType,
  type FormLeadType,
  type LeadType,
} from './lead-enums.js';

// docs/product.md 'Lead form' (lead type changes and auto-fill): what the form sets when a field changes.
// Each function returns the patch to apply, so the form and any server-side defaulting agree.

/** Cleared by any change of type. */
export const FIELDS_CLEARED_ON_TYPE_CHANGE = [
  'amenities',
  'minBudget',
  'maxBudget',
  'minBedroom',
  'maxBedroom',
  'minBathrooms',
  'maxBathrooms',
  'propertyType',
  'location',
  'parentId',
] as const;

export interface LeadTypeChangePatch {
  amenities: string[];
  minBudget: null;
  maxBudget: null;
  minBedroom: null;
  maxBedroom: null;
  minBathrooms: null;
  maxBathrooms: null;
  propertyType: null;
  location: null;
  parentId: null;
  listing?: null;
  campaignName?: null;
  stage?: typeof DEFAULT_LEAD_STAGE;
  leadType?: LeadType;
  contactType?: ContactType;
  isManualAssignment?: true;
}

/**
 * listing: project cleared, stage New. offplan: listing cleared, Sale, Buyer, stage New.
 * general: manual assignment forced. Every change clears amenities, budgets, rooms, property type,
 * location and parent.
 */
export function leadTypeChangePatch(type: FormLeadType): LeadTypeChangePatch {
  const cleared = {
    amenities: [],
    minBudget: null,
    maxBudget: null,
    minBedroom: null,
    maxBedroom: null,
    minBathrooms: null,
    maxBathrooms: null,
    propertyType: null,
    location: null,
    parentId: null,
  } as const;
  switch (type) {
    case FORM_LEAD_TYPE.LISTING:
      return { ...cleared, amenities: [], campaignName: null, stage: DEFAULT_LEAD_STAGE };
    case FORM_LEAD_TYPE.OFFPLAN:
      return {
        ...cleared,
        amenities: [],
        listing: null,
        leadType: LEAD_TYPE.SALE,
        contactType: CONTACT_TYPE.BUYER,
        stage: DEFAULT_LEAD_STAGE,
      };
    case FORM_LEAD_TYPE.GENERAL:
      return { ...cleared, amenities: [], isManualAssignment: true };
  }
}

/** Buyer or Seller -> Sale; Tenant or Landlord -> Rent. */
export function leadTypeForContactType(contactType: string | null | undefined): LeadType | undefined {
  if (contactType === CONTACT_TYPE.BUYER || contactType === CONTACT_TYPE.SELLER) return LEAD_TYPE.SALE;
  if (contactType === CONTACT_TYPE.TENANT || contactType === CONTACT_TYPE.LANDLORD) return LEAD_TYPE.RENT;
  return undefined;
}

/** A listing for rent makes the enquirer a Tenant, one for sale a Buyer. */
export function contactTypeForListing(listingPurpose: string | null | undefined): ContactType | undefined {
  const purpose = listingPurpose?.trim().toLowerCase();
  if (purpose === 'rent') return CONTACT_TYPE.TENANT;
  if (purpose === 'sale' || purpose === 'sell') return CONTACT_TYPE.BUYER;
  return undefined;
}

/** Turning automatic assignment on clears sendToPool. */
export function manualAssignmentPatch(isManualAssignment: boolean): { isManualAssignment: boolean; sendToPool?: false } {
  return isManualAssignment ? { isManualAssignment } : { isManualAssignment, sendToPool: false };
}

/**
 * The SLA pickers may be edited by hand only with LEAD_UPDATE_SLA, without an agent quota warning, and not
 * for a spam/external customer.
 */
export function canEditSlaManually(input: { canUpdateSla: boolean; limitsWarning?: unknown; spamOrExternal?: boolean }): boolean {
  const warned =
    input.limitsWarning !== undefined && input.limitsWarning !== null && input.limitsWarning !== '' && input.limitsWarning !== false;
  return input.canUpdateSla && !warned && !input.spamOrExternal;
}

/** SLA pickers disallow past days: today and later, in the runtime's (browser's) zone. */
export function isSlaDateSelectable(candidate: Date, now: Date): boolean {
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  return candidate.getTime() >= startOfToday.getTime();
}

/** The SLA pickers' display format (dayjs tokens for yyyy-MM-dd HH:mm:ss); default time midnight. */
export const SLA_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
