import { LEAD_ENGINE_MESSAGES, LEAD_FIELDS_LOCKED_ONCE_SET, MESSAGES, PERMISSIONS, type LeadUpdatePayload } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';
import { actorCan } from '../../core/authorization.js';
import { idOrNull } from './lead-context.js';

// The checks and column mapping that create and update share.

/** The payload's own fields as Lead columns (owner, SLA, parent, stage and status are decided by the services). */
export function payloadColumns(p: Omit<LeadUpdatePayload, 'agent' | 'referredBy'> & { referredBy?: string | null }) {
  const location = p.location ?? null;
  return {
    contactType: p.contactType,
    type: p.type,
    listingId: idOrNull(p.listing),
    projectId: idOrNull(p.campaignName),
    source: p.source,
    leadType: p.leadType ?? null,
    referredById: idOrNull(p.referredBy),
    enquiryMethod: p.enquiryMethod ?? null,
    contactMethod: p.contactMethod,
    minBathrooms: p.minBathrooms ?? null,
    maxBathrooms: p.maxBathrooms ?? null,
    minBedrooms: p.minBedrooms ?? null,
    maxBedrooms: p.maxBedrooms ?? null,
    minPrice: p.minPrice ?? null,
    maxPrice: p.maxPrice ?? null,
    unitType: p.unitType ?? null,
    remarks: p.remarks ?? null,
    action: p.action,
    rating: p.rating ?? null,
    amenities: p.amenities,
    country: p.country ?? null,
    city: p.city ?? null,
    location,
    locations: location ? [location] : [],
    subLocation: p.subLocation ?? null,
    community: p.community ?? null,
    isManualAssignment: p.isManualAssignment,
    sendToPool: p.sendToPool,
    // Checked and merged into the stored values by the lead writer.
    ...(p.customFields !== undefined ? { customFields: p.customFields } : {}),
    setAutoSLADetails: p.setAutoSLADetails,
    utm: p.utm ? (p.utm as Prisma.InputJsonValue) : Prisma.DbNull,
  };
}

/** Listing, project and referrer must belong to the asset (400 naming each field otherwise). */
export async function checkReferences(
  tx: DbTx,
  assetId: string,
  refs: { listingId: string | null; projectId: string | null; referredById: string | null },
): Promise<void> {
  const [listing, project, referrer] = await Promise.all([
    refs.listingId ? tx.listing.findFirst({ where: { id: refs.listingId, assetId, deletedAt: null }, select: { id: true } }) : true,
    refs.projectId ? tx.project.findFirst({ where: { id: refs.projectId, assetId, deletedAt: null }, select: { id: true } }) : true,
    refs.referredById
      ? tx.teamMember.findFirst({ where: { id: refs.referredById, assetId, deletedAt: null }, select: { id: true } })
      : true,
  ]);
  const fields: Record<string, string[]> = {};
  if (!listing) fields.listing = [MESSAGES.lead.invalidOption('Listing')];
  if (!project) fields.campaignName = [MESSAGES.lead.invalidOption('Project')];
  if (!referrer) fields.referredBy = [MESSAGES.lead.invalidOption('Referred By')];
  if (Object.keys(fields).length) throw AppError.validation(fields);
}

const LOCKED_LABELS: Record<(typeof LEAD_FIELDS_LOCKED_ONCE_SET)[number], string> = {
  listing: 'Listing',
  campaignName: 'Project',
  customer: 'Customer',
  source: 'Source',
  enquiryMethod: 'Enquiry Method',
  contactMethod: 'Contact Method',
};

interface LockedSource {
  listingId: string | null;
  projectId: string | null;
  customerId: string;
  source: string;
  enquiryMethod: string | null;
  contactMethod: string | null;
}

/** docs/leads.md 'Saving': listing, project, customer, source, enquiry and contact method are locked once they hold a value. */
export function checkLockedFields(current: LockedSource, next: LeadUpdatePayload): void {
  const pairs: Record<(typeof LEAD_FIELDS_LOCKED_ONCE_SET)[number], [string | null, string | null]> = {
    listing: [current.listingId, idOrNull(next.listing)],
    campaignName: [current.projectId, idOrNull(next.campaignName)],
    customer: [current.customerId, next.customer],
    source: [current.source, next.source],
    enquiryMethod: [current.enquiryMethod, next.enquiryMethod ?? null],
    contactMethod: [current.contactMethod, next.contactMethod],
  };
  const fields: Record<string, string[]> = {};
  for (const name of LEAD_FIELDS_LOCKED_ONCE_SET) {
    const [was, now] = pairs[name];
    if (was !== null && was !== '' && was !== now) fields[name] = [LEAD_ENGINE_MESSAGES.fieldLocked(LOCKED_LABELS[name])];
  }
  if (Object.keys(fields).length) {
    const first = Object.values(fields)[0]?.[0] ?? 'Locked field.';
    throw AppError.validation(fields, first);
  }
}

/** Manual SLA dates from a validated payload (the domain schema already required and ordered them). */
export function manualSlaDates(p: Pick<LeadUpdatePayload, 'setAutoSLADetails' | 'initialSlaEndDate' | 'freePoolSlaEndDate'>) {
  if (p.setAutoSLADetails !== false || !p.initialSlaEndDate || !p.freePoolSlaEndDate) return null;
  return { initialSlaEndDate: new Date(p.initialSlaEndDate), freePoolSlaEndDate: new Date(p.freePoolSlaEndDate) };
}

/** Setting SLA dates by hand needs LEAD_UPDATE_SLA. */
export function assertMaySetSla(actor: Actor): void {
  if (!actorCan(actor, [PERMISSIONS.LEAD_UPDATE_SLA])) throw AppError.forbidden(LEAD_ENGINE_MESSAGES.slaPermission);
}
