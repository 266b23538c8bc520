import {
  dueClockStep,
  isSpamOrExternalCustomer,
  LEAD_ASSIGNMENT_REASON,
  LEAD_STATUS,
  planLeadSla,
  poolEndOnEntry,
  type LeadClockStep,
  type LeadPoolSlaInput,
  type LeadPoolSlaResult,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { lockRows } from '../../resources/unit-of-work.js';
import { idOrNull, iso, leadAssetOf, loadLeadSettings, type LeadDeps } from './lead-context.js';
import { changeLead } from './lead-writer.js';
import { quotaWarning } from './lead-routing.service.js';

// docs/leads.md 'SLA' and 'The clock': the transitions a passed deadline causes, applied by the BullMQ clock jobs
// (lead-sla.job.ts) and by the periodic sweep (lead-sla-sweep.job.ts) through the same function. Each run locks the
// lead row, re-reads it and applies the one step its state makes due now, so a job that runs twice, late, or after
// the lead changed does nothing wrong, and a late run never skips a stage.

const CLOCK_SELECT = {
  id: true,
  assetId: true,
  agentId: true,
  status: true,
  deletedAt: true,
  isAccepted: true,
  isInFreePool: true,
  isAssignedFromLeadPool: true,
  initialSlaEndDate: true,
  freePoolSlaEndDate: true,
} as const;

export interface ClockResult {
  leadId: string;
  /** The transition applied, or null when nothing was due (a repeated, early or stale job). */
  step: LeadClockStep;
  /** The lead's clock after the step (null when the lead is gone), to queue its next deadline. */
  lead: ClockLead | null;
  /** The lead row was locked by someone else (sweep only: it skips rather than waits). */
  skipped?: boolean;
}

type ClockLead = Prisma.LeadGetPayload<{ select: typeof CLOCK_SELECT }>;

/** The manager of the agent (reportedTo), else the asset's first manager (a member reporting to nobody). */
export async function managerFor(tx: DbTx, assetId: string, agentId: string | null) {
  const select = { id: true, name: true, officeName: true } as const;
  if (agentId) {
    const agent = await tx.teamMember.findUnique({
      where: { id: agentId },
      select: { reportedTo: { select: { ...select, assetId: true, enabled: true, deletedAt: true } } },
    });
    const boss = agent?.reportedTo;
    if (boss && boss.assetId === assetId && boss.enabled && !boss.deletedAt)
      return { id: boss.id, name: boss.name, officeName: boss.officeName };
  }
  return tx.teamMember.findFirst({
    where: { assetId, reportedToId: null, enabled: true, isTest: false, deletedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select,
  });
}

/** Locks the lead row (or, with `skipLocked`, gives up if another transaction holds it). */
export async function lockLead(tx: DbTx, leadId: string, skipLocked = false): Promise<boolean> {
  return (await lockRows(tx, 'Lead', [leadId], { skipLocked })).length > 0;
}

/**
 * Applies the clock transition due at `now`, if any, to a lead whose row the caller has locked: the initial end
 * passed unaccepted -> the pool; the pool end passed unclaimed -> the manager. One step per run, judged on the
 * lead's state: a lead whose two ends both passed (an outage) enters the pool now, with its pool end moved so the
 * pool keeps its planned time (`poolEndOnEntry`), and reaches the manager only when that time has run.
 */
export async function applyDueClockStep(tx: DbTx, leadId: string, now: Date): Promise<ClockResult> {
  const lead = await tx.lead.findUnique({ where: { id: leadId }, select: CLOCK_SELECT });
  const step = lead && !lead.deletedAt ? dueClockStep(lead, now, LEAD_STATUS.OPEN) : null;
  if (!lead || !step) return { leadId, step: null, lead };
  if (step === 'escalate') return { leadId, step, lead: await escalate(tx, lead, now) };
  return { leadId, step, lead: await enterPool(tx, lead, now) };
}

async function enterPool(tx: DbTx, lead: ClockLead, now: Date): Promise<ClockLead> {
  const { initialSlaEndDate, freePoolSlaEndDate } = lead;
  // dueClockStep only answers 'enter_pool' for a lead with both ends.
  const freePoolEnd =
    initialSlaEndDate && freePoolSlaEndDate
      ? poolEndOnEntry({ initialSlaEndDate, freePoolSlaEndDate }, now, await loadLeadSettings(tx, lead.assetId))
      : freePoolSlaEndDate;
  const change = {
    event: { kind: 'enteredPool' },
    columns: { isInFreePool: true, freePoolSlaEndDate: freePoolEnd },
    by: null,
    now,
  } as const;
  return changeLead(tx, lead.id, change, CLOCK_SELECT);
}

async function escalate(tx: DbTx, lead: ClockLead, now: Date): Promise<ClockLead> {
  const manager = await managerFor(tx, lead.assetId, lead.agentId);
  if (!manager) {
    // Nobody to escalate to: the clock stops with the current agent (the browser's manual choice remains).
    const change = {
      event: { kind: 'escalated', to: null },
      columns: { isInFreePool: false, isAssignedFromLeadPool: true },
      by: null,
      now,
    } as const;
    return changeLead(tx, lead.id, change, CLOCK_SELECT);
  }
  return changeLead(
    tx,
    lead.id,
    {
      event: { kind: 'escalated', to: manager.name },
      owner: { id: manager.id, officeName: manager.officeName, reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED },
      columns: { isInFreePool: false, isAssignedFromLeadPool: true },
      by: null,
      now,
    },
    CLOCK_SELECT,
  );
}

/** POST lead-pool-sla: the SLA dates a lead would get now, and the agent's quota warning. */
export async function previewLeadPoolSla(
  deps: Pick<LeadDeps, 'db' | 'clock'>,
  actor: Actor,
  input: LeadPoolSlaInput,
): Promise<LeadPoolSlaResult> {
  const assetId = leadAssetOf(actor, idOrNull(input.asset));
  const leadId = idOrNull(input.lead);
  if (leadId && !(await deps.db.lead.findFirst({ where: { id: leadId, assetId, deletedAt: null }, select: { id: true } }))) {
    throw AppError.notFound('Lead does not exists');
  }
  const settings = await loadLeadSettings(deps.db, assetId);
  const now = deps.clock.now();
  const plan = planLeadSla({
    now,
    settings,
    isChild: Boolean(idOrNull(input.parentId)),
    spamOrExternal: isSpamOrExternalCustomer(input.customerType),
    isManualAssignment: input.isManualAssignment ?? false,
    sendToPool: input.sendToPool,
  });
  const agentId = idOrNull(input.agent);
  const agent = agentId
    ? await deps.db.teamMember.findFirst({ where: { id: agentId, assetId, deletedAt: null }, select: { id: true, name: true } })
    : null;
  if (agentId && !agent) throw AppError.validation({ agent: ['Agent is invalid.'] });
  return {
    initialSlaEndDate: iso(plan.initialSlaEndDate),
    freePoolSlaEndDate: iso(plan.freePoolSlaEndDate),
    limitsWarning: await quotaWarning(deps.db, settings, agent, now),
  };
}
