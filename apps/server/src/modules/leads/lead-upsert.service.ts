import { MESSAGES, type CreatedLead, type LeadUpsertPayload } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { Prisma } from '../../generated/prisma/client.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { idOrNull, LEAD_TX_OPTIONS, leadAssetOf, type LeadDeps } from './lead-context.js';
import { submitNewLead } from './lead-intake.service.js';
import { readLeadRecord } from './lead-record.js';
import { findSourceLead, LeadSourceKnown, type KnownSource, type LeadSourceKey } from './lead-source-key.js';
import { assertMaySetSla, manualSlaDates, payloadColumns } from './lead-write.helpers.js';
import { changeLead } from './lead-writer.js';
import { leadResource } from './lead.resource.js';

// POST properties/leads/chekinio (docs/api.md 'Integrators'): an integrator's lead, created once per
// (asset, inputSource, sourceDataId). The first call goes through lead intake like any new lead (routing, SLA,
// leadID, history); a redelivery refreshes only what the provider knows about the enquiry, never the stage, the
// agent, the SLA clock or a field locked once set (listing, project, customer, source, enquiry and contact method).

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

export async function upsertLead(
  deps: LeadDeps,
  actor: Actor,
  payload: LeadUpsertPayload,
  options: { agentHint?: string | null; receivedAt?: Date | null } = {},
): Promise<{ lead: CreatedLead; created: boolean }> {
  const { inputSource, sourceDataId, ...create } = payload;
  const sourceKey: LeadSourceKey = { inputSource, sourceDataId, receivedAt: options.receivedAt ?? null };
  const assetId = leadAssetOf(actor, idOrNull(create.asset));
  const manualDates = manualSlaDates(create);
  if (manualDates) assertMaySetSla(actor);
  let known: KnownSource | null;
  try {
    const lead = await submitNewLead(deps, assetId, {
      actor,
      payload: create,
      manualDates,
      sourceKey,
      agentHint: options.agentHint ?? null,
    });
    return { lead, created: true };
  } catch (error) {
    if (error instanceof LeadSourceKnown) known = error.known;
    // The unique index is the last word should a create ever slip past the intake's check.
    else if (isUniqueViolation(error)) known = await findSourceLead(deps.db, assetId, sourceKey);
    else throw error;
    if (!known) throw error;
  }
  if (known.deleted) throw AppError.conflict(MESSAGES.lead.upsertDeleted);
  const record = await refreshLead(deps, actor, assetId, known.leadId, create);
  return { lead: { ...record, limitsWarning: null }, created: false };
}

/** The provider's details of an existing lead, through the lead writer (activity stamps, author). */
async function refreshLead(
  deps: LeadDeps,
  actor: Actor,
  assetId: string,
  id: string,
  payload: Omit<LeadUpsertPayload, 'inputSource' | 'sourceDataId'>,
) {
  const now = deps.clock.now();
  const c = payloadColumns(payload);
  await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      await uow.lock('Lead', id);
      uow.countsChanged(leadResource, assetId);
      await changeLead(uow.tx, id, {
        event: { kind: 'updated' },
        columns: {
          contactType: c.contactType,
          leadType: c.leadType,
          minBathrooms: c.minBathrooms,
          maxBathrooms: c.maxBathrooms,
          minBedrooms: c.minBedrooms,
          maxBedrooms: c.maxBedrooms,
          minPrice: c.minPrice,
          maxPrice: c.maxPrice,
          unitType: c.unitType,
          remarks: c.remarks,
          amenities: c.amenities,
          country: c.country,
          city: c.city,
          location: c.location,
          locations: c.locations,
          subLocation: c.subLocation,
          community: c.community,
          utm: c.utm,
        },
        by: actor,
        now,
      });
    },
    LEAD_TX_OPTIONS,
  );
  return readLeadRecord(deps.db, actor, assetId, id, now);
}
