import {
  LEAD_STAGE,
  LEAD_ASSIGNMENT_REASON,
  LEAD_STATUS,
  MESSAGES,
  type CreatedLead,
  type LeadPayload,
  type LeadRecord,
  type LeadStageInput,
  type LeadUpdatePayload,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { openLeadDeal } from '../deals/index.js';
import { idOrNull, LEAD_TX_OPTIONS, leadAssetOf, minutesBetween, type LeadDeps } from './lead-context.js';
import { changeLead } from './lead-writer.js';
import { assertLeadId, readLeadRecord } from './lead-record.js';
import { manualAgent } from './lead-routing.service.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { leadResource } from './lead.resource.js';
import { submitNewLead } from './lead-intake.service.js';
import { LEAD_EVENT_SUBJECT } from './lead-events.js';
import { scheduleLeadClock } from './lead-sla.job.js';
import { applyDueClockStep } from './lead-sla.service.js';
import { assertMaySetSla, checkLockedFields, checkReferences, manualSlaDates, payloadColumns } from './lead-write.helpers.js';

// docs/leads.md 'Saving': create (routing, SLA, leadID, history: lead-intake.service.ts), update (never
// stage/status, locked fields, no child leads) and stage changes. Each is one transaction, with the lead's events
// (lead-events.ts); the clock jobs are queued and the events delivered after it commits.

/**
 * POST create: the lead with its owner, SLA dates, per-asset leadID and first history rows. Saved with the
 * other creates of the asset that arrive meanwhile (lead-intake.service.ts), as if one after the other.
 */
export async function createLead(deps: LeadDeps, actor: Actor, payload: LeadPayload): Promise<CreatedLead> {
  const assetId = leadAssetOf(actor, idOrNull(payload.asset));
  const manualDates = manualSlaDates(payload);
  if (manualDates) assertMaySetSla(actor);
  return submitNewLead(deps, assetId, { actor, payload, manualDates });
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * PATCH cms/{id}: the form's fields; never stage or status. Locked fields, child leads and other assets'
 * leads are refused. A new agent is a manual reassignment (history row, clock stopped unless manual SLA
 * dates are given); changed manual SLA dates need LEAD_UPDATE_SLA and restart the clock.
 */
export async function updateLead(deps: LeadDeps, actor: Actor, id: string, payload: LeadUpdatePayload): Promise<LeadRecord> {
  assertLeadId(id);
  const assetId = leadAssetOf(actor, idOrNull(payload.asset));
  const now = deps.clock.now();
  const columns = payloadColumns(payload);
  const manualDates = manualSlaDates(payload);

  await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      const { tx } = uow;
      const found = await tx.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: { id: true } });
      if (!found) throw AppError.notFound(MESSAGES.lead.notFound);
      await uow.lock('Lead', id);
      const lead = await tx.lead.findUniqueOrThrow({ where: { id } });
      if (lead.parentId) throw AppError.validation({ _: [MESSAGES.lead.childUpdate] }, MESSAGES.lead.childUpdate);
      checkLockedFields(lead, payload);
      await checkReferences(tx, assetId, columns);

      const datesChanged =
        manualDates !== null &&
        !(
          sameTime(manualDates.initialSlaEndDate, lead.initialSlaEndDate) &&
          sameTime(manualDates.freePoolSlaEndDate, lead.freePoolSlaEndDate)
        );
      if (datesChanged) assertMaySetSla(actor);
      const reassigned = payload.agent !== lead.agentId;
      const owner = reassigned ? await manualAgent(tx, assetId, payload.agent) : null;

      // A restarted clock: new owner or new manual dates. Without manual dates a manual reassignment has no SLA.
      const clock =
        owner || datesChanged
          ? {
              initialSlaEndDate: manualDates?.initialSlaEndDate ?? null,
              freePoolSlaEndDate: manualDates?.freePoolSlaEndDate ?? null,
              isInFreePool: false,
              isAssignedFromLeadPool: false,
              ...(owner ? { isAccepted: false, acceptedAt: null, isManualAssignment: true } : {}),
            }
          : {};
      const { isManualAssignment: _manual, sendToPool: _pool, ...editable } = columns;
      await changeLead(tx, id, {
        event: owner ? { kind: 'assigned', to: owner.name } : { kind: 'updated' },
        ...(owner ? { owner: { id: owner.id, officeName: owner.officeName, reason: LEAD_ASSIGNMENT_REASON.MANUAL } } : {}),
        columns: { ...editable, ...clock },
        by: actor,
        now,
      });
      // New dates may already be past: the step due now, in the same transaction (the pool first, never straight to
      // the manager: docs/leads.md 'The clock').
      if (owner || datesChanged) await applyDueClockStep(tx, id, now);
      const updated = await tx.lead.findUniqueOrThrow({ where: { id } });
      uow.countsChanged(leadResource, assetId);
      uow.deliverEventsOf(LEAD_EVENT_SUBJECT, [id]);
      uow.afterCommit('lead.sla.schedule', () => scheduleLeadClock(deps, updated));
    },
    LEAD_TX_OPTIONS,
  );
  return readLeadRecord(deps.db, actor, assetId, id, now);
}

type StageDeps = Pick<LeadDeps, 'db' | 'clock' | 'log' | 'redis' | 'env' | 'jobs'>;

/** PATCH stage/{id}: the stage and status, appended to stageHistory (time to qualify/close recorded once). */
export async function changeLeadStage(
  deps: StageDeps,
  actor: Actor,
  assetId: string,
  id: string,
  change: LeadStageInput,
): Promise<LeadRecord> {
  const now = await writeLeadStage(deps, actor, assetId, id, change);
  return readLeadRecord(deps.db, actor, assetId, id, now);
}

/** The stage change itself, and its moment; no answer read (the demo seed's steps). */
export async function writeLeadStage(deps: StageDeps, actor: Actor, assetId: string, id: string, change: LeadStageInput): Promise<Date> {
  assertLeadId(id);
  const now = deps.clock.now();
  await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      const { tx } = uow;
      const found = await tx.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: { id: true } });
      if (!found) throw AppError.notFound(MESSAGES.lead.notFound);
      await uow.lock('Lead', id);
      // After the commit, whether the stage changed or not: the totals retired, the lead's events delivered.
      uow.countsChanged(leadResource, assetId);
      // lead.stage_changed: the product events, and a won deal's review invitation (docs/api.md 'Trustpilot').
      uow.deliverEventsOf(LEAD_EVENT_SUBJECT, [id]);
      const lead = await tx.lead.findUniqueOrThrow({ where: { id } });
      // Its deal, opened with the move under the lead's lock: a retried or concurrent move opens one (docs/product.md
      // 'Deals'); the deal's first stage's documents gate the move (409).
      if (change.stage === LEAD_STAGE.DEAL) await openLeadDeal(uow, actor, lead);
      if (lead.stage === change.stage && lead.status === change.status) return;
      const age = minutesBetween(lead.dataSourceCreatedAt, now);
      await changeLead(tx, id, {
        event: { kind: 'stageChanged', stage: change.stage },
        stage: { stage: change.stage, status: change.status },
        columns: {
          ...(change.stage === 'Qualified' && lead.timeToQualify === null ? { timeToQualify: age } : {}),
          ...(change.status === LEAD_STATUS.CLOSED && lead.status !== LEAD_STATUS.CLOSED ? { timeToClose: age } : {}),
        },
        by: actor,
        now,
      });
    },
    LEAD_TX_OPTIONS,
  );
  return now;
}
