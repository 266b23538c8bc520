import { randomUUID } from 'node:crypto';
import {
  formatLeadId,
  isSpamOrExternalCustomer,
  LEAD_ASSIGNMENT_REASON,
  LEAD_STATUS,
  MESSAGES,
  planLeadSla,
  type LeadAssignmentReason,
  type LeadPayload,
  type LeadStageInput,
  type LeadUpdatePayload,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { DbTx } from '../../db/prisma.js';
import { AppError } from '../../core/app-error.js';
import type { ResourceRecord } from '@crm/domain';
import { idOrNull, LEAD_TX_OPTIONS, leadAssetOf, loadLeadSettings, minutesBetween, type LeadDeps } from './lead-context.js';
import { assertLeadId, readLeadRecord } from './lead-record.js';
import { manualAgent, pickByStrategy, quotaWarning, routeLead, takeAssetTurn, type Candidate } from './lead-routing.service.js';
import { invalidateLeadCounts } from './lead-count-cache.js';
import { scheduleLeadClock } from './lead-sla.job.js';
import { applyDueClockSteps, lockLead } from './lead-sla.service.js';
import { assertMaySetSla, checkLockedFields, checkReferences, lockCustomer, manualSlaDates, payloadColumns } from './lead-write.helpers.js';

// LEADS.md 'Saving': create (routing, SLA, leadID, history), update (never stage/status, locked fields, no
// child leads) and stage changes. Each is one transaction; the clock jobs are queued after it commits.

export type CreatedLead = ResourceRecord & { limitsWarning: string | null };

/** POST create: the lead with its owner, SLA dates, per-asset leadID and first history rows. */
export async function createLead(deps: LeadDeps, actor: Actor, payload: LeadPayload): Promise<CreatedLead> {
  const assetId = leadAssetOf(actor, idOrNull(payload.asset));
  const manualDates = manualSlaDates(payload);
  if (manualDates) assertMaySetSla(actor);
  const settings = await loadLeadSettings(deps.db, assetId);
  const now = deps.clock.now();
  const columns = payloadColumns(payload);

  const created = await deps.db.$transaction(async (tx) => {
    const customer = await lockCustomer(tx, assetId, payload.customer);
    await checkReferences(tx, assetId, columns);
    const step = await routeLead(tx, {
      assetId,
      customerId: customer.id,
      listingId: columns.listingId,
      projectId: columns.projectId,
      parentId: idOrNull(payload.parentId),
      manualAgentId: payload.isManualAssignment ? payload.agent : null,
    });
    // The asset row lock: the sequence and the rotation advance one lead at a time (fair under concurrency).
    // Everything that can be read before it is; while it is held: this update, the lead, its history, commit.
    const roundRobin = step.kind === 'strategy' && settings.assignmentStrategy === 'round_robin' ? step.candidates : null;
    const locked = await takeAssetTurn(tx, assetId, roundRobin);
    if (!locked) throw AppError.notFound('Asset not found');
    let agent: Candidate | null;
    let reason: LeadAssignmentReason;
    if (step.kind === 'decided') {
      agent = step.agent;
      reason = step.reason;
    } else if (roundRobin) {
      agent = roundRobin.find((c) => c.id === locked.roundRobinCursor) ?? null;
      reason = LEAD_ASSIGNMENT_REASON.AUTO;
    } else {
      agent = await pickByStrategy(tx, settings, step.candidates, locked.roundRobinCursor);
      reason = LEAD_ASSIGNMENT_REASON.AUTO;
      if (agent) await tx.$executeRaw`UPDATE "Asset" SET "roundRobinCursor" = ${agent.id}::uuid WHERE id = ${assetId}::uuid`;
    }
    if (!agent) throw AppError.validation({ agent: [MESSAGES.lead.agentNotFound] }, MESSAGES.lead.agentNotFound);
    const limitsWarning = await quotaWarning(tx, settings, agent, now);
    const parent = step.parent;
    const sla = planLeadSla({
      now,
      settings,
      isChild: parent !== null,
      spamOrExternal: isSpamOrExternalCustomer(customer.type),
      isManualAssignment: reason === LEAD_ASSIGNMENT_REASON.MANUAL,
      sendToPool: payload.sendToPool,
      manualDates,
    });
    const lead = await tx.lead.create({
      data: {
        ...columns,
        companyId: settings.companyId,
        assetId,
        leadID: formatLeadId(locked.leadSequence),
        customerId: customer.id,
        agentId: agent.id,
        officeName: agent.officeName,
        agentAssignedAt: now,
        parentId: parent?.id ?? null,
        // A child follows its parent's agent: never sent to the pool.
        sendToPool: parent ? false : payload.sendToPool,
        stage: payload.stage,
        status: payload.status,
        initialSlaEndDate: sla.initialSlaEndDate,
        freePoolSlaEndDate: sla.freePoolSlaEndDate,
        isInFreePool: sla.inPool,
        inputSource: 'CRM',
        dataSourceCreatedAt: now,
        createdAt: now,
        creatorId: actor.userId,
        creatorName: actor.fullName,
        updatedById: actor.userId,
        updatedByName: actor.fullName,
        latestActivity: 'Lead created',
        lastActivityAt: now,
      },
    });
    await recordFirstHistory(tx, { leadId: lead.id, agentId: agent.id, reason, stage: lead.stage, status: lead.status, at: now, userId: actor.userId });
    return { lead, limitsWarning };
  }, LEAD_TX_OPTIONS);

  await invalidateLeadCounts(deps, assetId);
  await scheduleLeadClock(deps, created.lead);
  return { ...(await readLeadRecord(deps.db, actor, assetId, created.lead.id, now)), limitsWarning: created.limitsWarning };
}

/** assignedHistory's and stageHistory's first rows in one statement (the asset lock is held meanwhile). */
async function recordFirstHistory(tx: DbTx, row: { leadId: string; agentId: string; reason: LeadAssignmentReason; stage: string; status: string; at: Date; userId: string }) {
  // Columns are UTC timestamps without zone, as Prisma writes them.
  const at = row.at.toISOString();
  await tx.$executeRaw`
    WITH assignment AS (
      INSERT INTO "LeadAssignment" (id, "leadId", "agentId", reason, "assignedAt")
      VALUES (${randomUUID()}::uuid, ${row.leadId}::uuid, ${row.agentId}::uuid, ${row.reason}, ${at}::timestamptz AT TIME ZONE 'UTC'))
    INSERT INTO "LeadStageChange" (id, "leadId", stage, status, "changedAt", "changedById")
    VALUES (${randomUUID()}::uuid, ${row.leadId}::uuid, ${row.stage}, ${row.status}, ${at}::timestamptz AT TIME ZONE 'UTC', ${row.userId}::uuid)`;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * PATCH cms/{id}: the form's fields; never stage or status. Locked fields, child leads and other assets'
 * leads are refused. A new agent is a manual reassignment (history row, clock stopped unless manual SLA
 * dates are given); changed manual SLA dates need LEAD_UPDATE_SLA and restart the clock.
 */
export async function updateLead(deps: LeadDeps, actor: Actor, id: string, payload: LeadUpdatePayload): Promise<ResourceRecord> {
  assertLeadId(id);
  const assetId = leadAssetOf(actor, idOrNull(payload.asset));
  const now = deps.clock.now();
  const columns = payloadColumns(payload);
  const manualDates = manualSlaDates(payload);

  const updated = await deps.db.$transaction(async (tx) => {
    const found = await tx.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: { id: true } });
    if (!found) throw AppError.notFound(MESSAGES.lead.notFound);
    await lockLead(tx, id);
    const lead = await tx.lead.findUniqueOrThrow({ where: { id } });
    if (lead.parentId) throw AppError.validation({ _: [MESSAGES.lead.childUpdate] }, MESSAGES.lead.childUpdate);
    checkLockedFields(lead, payload);
    await checkReferences(tx, assetId, columns);

    const datesChanged = manualDates !== null && !(sameTime(manualDates.initialSlaEndDate, lead.initialSlaEndDate) && sameTime(manualDates.freePoolSlaEndDate, lead.freePoolSlaEndDate));
    if (datesChanged) assertMaySetSla(actor);
    const reassigned = payload.agent !== lead.agentId;
    const owner = reassigned ? await manualAgent(tx, assetId, payload.agent) : null;
    if (owner) await tx.leadAssignment.create({ data: { leadId: id, agentId: owner.id, reason: LEAD_ASSIGNMENT_REASON.MANUAL, assignedAt: now } });

    // A restarted clock: new owner or new manual dates. Without manual dates a manual reassignment has no SLA.
    const clock = owner || datesChanged
      ? {
          initialSlaEndDate: manualDates?.initialSlaEndDate ?? null,
          freePoolSlaEndDate: manualDates?.freePoolSlaEndDate ?? null,
          isInFreePool: false,
          isAssignedFromLeadPool: false,
          ...(owner ? { isAccepted: false, acceptedAt: null, isManualAssignment: true } : {}),
        }
      : {};
    const { isManualAssignment: _manual, sendToPool: _pool, ...editable } = columns;
    await tx.lead.update({
      where: { id },
      data: {
        ...editable,
        ...(owner ? { agentId: owner.id, officeName: owner.officeName, agentAssignedAt: now, latestActivity: `Assigned to ${owner.name}` } : { latestActivity: 'Lead updated' }),
        ...clock,
        lastActivityAt: now,
        updatedById: actor.userId,
        updatedByName: actor.fullName,
      },
    });
    // New dates may already be past: apply what is due now, in the same transaction.
    if (owner || datesChanged) await applyDueClockSteps(tx, id, now);
    return tx.lead.findUniqueOrThrow({ where: { id } });
  }, LEAD_TX_OPTIONS);

  await invalidateLeadCounts(deps, assetId);
  await scheduleLeadClock(deps, updated);
  return readLeadRecord(deps.db, actor, assetId, id, now);
}

/** PATCH stage/{id}: the stage and status, appended to stageHistory (time to qualify/close recorded once). */
export async function changeLeadStage(deps: Pick<LeadDeps, 'db' | 'clock' | 'log' | 'redis' | 'env'>, actor: Actor, assetId: string, id: string, change: LeadStageInput): Promise<ResourceRecord> {
  assertLeadId(id);
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const found = await tx.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: { id: true } });
    if (!found) throw AppError.notFound(MESSAGES.lead.notFound);
    await lockLead(tx, id);
    const lead = await tx.lead.findUniqueOrThrow({ where: { id } });
    if (lead.stage === change.stage && lead.status === change.status) return;
    const age = minutesBetween(lead.dataSourceCreatedAt, now);
    await tx.leadStageChange.create({ data: { leadId: id, stage: change.stage, status: change.status, changedAt: now, changedById: actor.userId } });
    await tx.lead.update({
      where: { id },
      data: {
        stage: change.stage,
        status: change.status,
        ...(change.stage === 'Qualified' && lead.timeToQualify === null ? { timeToQualify: age } : {}),
        ...(change.status === LEAD_STATUS.CLOSED && lead.status !== LEAD_STATUS.CLOSED ? { timeToClose: age } : {}),
        latestActivity: `Stage changed to ${change.stage}`,
        lastActivityAt: now,
        updatedById: actor.userId,
        updatedByName: actor.fullName,
      },
    });
  }, LEAD_TX_OPTIONS);
  await invalidateLeadCounts(deps, assetId);
  return readLeadRecord(deps.db, actor, assetId, id, now);
}
