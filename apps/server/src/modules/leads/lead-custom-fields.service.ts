import { type CustomFieldValues, type CustomFieldValuesBody, MESSAGES } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { LEAD_TX_OPTIONS, leadAssetOf, type LeadDeps } from './lead-context.js';
import { assertLeadId } from './lead-record.js';
import { changeLead } from './lead-writer.js';
import { leadResource } from './lead.resource.js';

/** PATCH properties/leads/custom-fields/{id}: a lead's custom field values, through the lead writer (checked there). */
export async function setLeadCustomFields(
  deps: LeadDeps,
  actor: Actor,
  id: string,
  body: CustomFieldValuesBody,
): Promise<{ _id: string; customFields: CustomFieldValues }> {
  assertLeadId(id);
  const assetId = leadAssetOf(actor);
  const updated = await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      const found = await uow.tx.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: { id: true } });
      if (!found) throw AppError.notFound(MESSAGES.lead.notFound);
      await uow.lock('Lead', id);
      uow.countsChanged(leadResource, assetId);
      return changeLead(
        uow.tx,
        id,
        { event: { kind: 'updated' }, columns: { customFields: body.customFields }, by: actor, now: deps.clock.now() },
        { id: true, customFields: true },
      );
    },
    LEAD_TX_OPTIONS,
  );
  return { _id: updated.id, customFields: updated.customFields as CustomFieldValues };
}
