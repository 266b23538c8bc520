import {
  dueClockStep,
  isSpamOrExternalCustomer,
  LEAD_ASSIGNMENT_REASON,
  LEAD_STATUS,
  planLeadSla,
  type LeadClockStep,
  type LeadPoolSlaInput,
  type LeadPoolSlaResult,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { idOrNull, iso, LEAD_TX_OPTIONS, leadAssetOf, loadLeadSettings, type LeadDeps } from './lead-context.js';
import { changeLead } from './lead-writer.js';
import { invalidateCachedCounts } from '../../resources/count-cache.js';
import { leadResource } from './lead.resource.js';
import { quotaWarning } from './lead-routing.service.js';

// docs/leads.md 'SLA' and 'The clock': the transitions a passed deadline causes, applied by the BullMQ clock jobs
// and by the periodic sweep through the same function. Each run locks the lead row, re-reads it and acts
// only on what is due now, so a job that runs twice, late, or after the lead changed does nothing wrong.

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
  /** The transitions applied, in order ([] when nothing was due: a repeated or stale job). */
  steps: Exclude<LeadClockStep, null>[];
  /** The lead row was locked by someone else (sweep only: it skips rather than waits). */
  skipped?: boolean;
}

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
  const rows = skipLocked
    ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Lead" WHERE id = ${leadId}::uuid FOR UPDATE SKIP LOCKED`
    : await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Lead" WHERE id = ${leadId}::uuid FOR UPDATE`;
  return rows.length > 0;
}

/**
 * Applies every clock transition due at `now` to a lead whose row the caller has locked: the initial end
 * passed unaccepted -> the pool; the pool end passed unclaimed -> the manager.
 */
export async function applyDueClockSteps(tx: DbTx, leadId: string, now: Date): Promise<ClockResult> {
  const result: ClockResult = { leadId, steps: [] };
  let lead = await tx.lead.findUnique({ where: { id: leadId }, select: CLOCK_SELECT });
  // At most the two transitions, whatever the data says.
  for (let guard = 0; lead && !lead.deletedAt && guard < 2; guard += 1) {
    const step = dueClockStep(lead, now, LEAD_STATUS.OPEN);
    if (!step) break;
    if (step === 'enter_pool') {
      lead = await changeLead(tx, leadId, { event: { kind: 'enteredPool' }, columns: { isInFreePool: true }, by: null, now }, CLOCK_SELECT);
    } else {
      lead = await escalate(tx, lead, now);
    }
    result.steps.push(step);
  }
  return result;
}

async function escalate(tx: DbTx, lead: { id: string; assetId: string; agentId: string | null }, now: Date) {
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

/** One lead's clock, in its own transaction (what a clock job runs). */
export async function advanceLeadClock(
  deps: Pick<LeadDeps, 'db' | 'clock' | 'log' | 'redis' | 'env'>,
  leadId: string,
  options: { skipLocked?: boolean } = {},
): Promise<ClockResult> {
  const result: ClockResult = await deps.db.$transaction(async (tx) => {
    if (!(await lockLead(tx, leadId, options.skipLocked))) {
      return { leadId, steps: [], ...(options.skipLocked ? { skipped: true } : {}) };
    }
    return applyDueClockSteps(tx, leadId, deps.clock.now());
  }, LEAD_TX_OPTIONS);
  if (result.steps.length) {
    // The lead moved (pool, manager): the report's cached totals of its asset are stale.
    const lead = await deps.db.lead.findUnique({ where: { id: leadId }, select: { assetId: true } });
    if (lead) await invalidateCachedCounts(deps, leadResource, lead.assetId);
  }
  return result;
}

export interface SweepResult {
  checked: number;
  toPool: number;
  toManager: number;
  skipped: number;
}

const SWEEP_BATCH = 200;
const SWEEP_MAX_BATCHES = 50;

/**
 * The leads whose next deadline has passed, oldest deadline first: those due to enter the pool, then those due
 * to go to the manager. Two queries, each walking its own index from the oldest deadline (one query with OR
 * would be planned as a walk of the whole table in id order: seconds over a million leads, every sweep).
 */
async function dueLeads(deps: Pick<LeadDeps, 'db'>, now: Date): Promise<{ due: { id: string }[]; more: boolean }> {
  const open = { deletedAt: null, status: LEAD_STATUS.OPEN, isAccepted: false, isAssignedFromLeadPool: false };
  const [toPool, toManager] = await Promise.all([
    deps.db.lead.findMany({
      where: { ...open, isInFreePool: false, initialSlaEndDate: { lte: now }, freePoolSlaEndDate: { not: null } },
      orderBy: { initialSlaEndDate: 'asc' },
      select: { id: true },
      take: SWEEP_BATCH,
    }),
    deps.db.lead.findMany({
      where: { ...open, isInFreePool: true, freePoolSlaEndDate: { lte: now } },
      orderBy: { freePoolSlaEndDate: 'asc' },
      select: { id: true },
      take: SWEEP_BATCH,
    }),
  ]);
  return { due: [...toPool, ...toManager], more: toPool.length === SWEEP_BATCH || toManager.length === SWEEP_BATCH };
}

/**
 * Every lead whose deadline passed without its transition (a lost job, a lost Redis, a restart), found in
 * the database and advanced. Safe beside the clock jobs and other sweeps: rows are locked one by one.
 */
export async function runLeadSlaSweep(deps: Pick<LeadDeps, 'db' | 'clock' | 'log' | 'redis' | 'env'>): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, toPool: 0, toManager: 0, skipped: 0 };
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
    const now = deps.clock.now();
    const { due, more } = await dueLeads(deps, now);
    let progressed = 0;
    for (const { id } of due) {
      const outcome = await advanceLeadClock(deps, id, { skipLocked: true });
      result.checked += 1;
      if (outcome.skipped) result.skipped += 1;
      if (outcome.steps.includes('enter_pool')) result.toPool += 1;
      if (outcome.steps.includes('escalate')) result.toManager += 1;
      if (outcome.steps.length) progressed += 1;
    }
    // Short batches were the last; a batch where nothing moved (all locked elsewhere) is left to the next run.
    if (!more || progressed === 0) break;
  }
  if (result.toPool || result.toManager)
    deps.log.info({ event: 'lead.sla.sweep', ...result }, 'lead SLA sweep applied overdue transitions');
  return result;
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
