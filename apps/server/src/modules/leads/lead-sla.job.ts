import { z } from 'zod';
import { LEAD_SLA_PHASES, type LeadSlaPhase } from '@crm/domain';
import { defineJob } from '../../core/jobs/job-definition.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { LEAD_TX_OPTIONS, type LeadDeps } from './lead-context.js';
import { leadResource } from './lead.resource.js';
import { applyDueClockStep, type ClockResult } from './lead-sla.service.js';

// The SLA clock (docs/leads.md 'The clock'): one delayed BullMQ job per lead, phase and deadline. The handler
// re-reads the lead under a row lock and applies only the step due (lead-sla.service.ts), so duplicates and stale
// jobs change nothing. A job whose database does not answer is retried, the wait doubling up to 10 s, until it
// does: an outage delays a transition, never loses it (the sweep is the backstop when Redis lost the job).

export const LEAD_SLA_JOB_ID = 'lead-sla';

export const leadSlaJob = defineJob({
  id: LEAD_SLA_JOB_ID,
  payload: z.strictObject({
    leadId: z.uuid(),
    phase: z.enum(LEAD_SLA_PHASES),
    /** The deadline the job was scheduled for (informational: the lead's current dates decide). */
    deadline: z.iso.datetime(),
  }),
  concurrency: 4,
  attempts: 5,
  backoffMs: 1000,
  retryThroughOutages: { maxBackoffMs: 10_000 },
  handle: async (payload, { deps }) => advanceLeadClock(deps, payload.leadId),
});

/**
 * One lead's clock, in its own transaction (what a clock job and the sweep run): the step due now, then, after the
 * commit, the report's cached totals and the job of the lead's next deadline (the pool's, once it entered the pool).
 */
export async function advanceLeadClock(deps: LeadDeps, leadId: string, options: { skipLocked?: boolean } = {}): Promise<ClockResult> {
  return withUnitOfWork(
    deps,
    null,
    async (uow) => {
      if (!(await uow.lock('Lead', leadId, options))) {
        return { leadId, step: null, lead: null, ...(options.skipLocked ? { skipped: true } : {}) };
      }
      const result = await applyDueClockStep(uow.tx, leadId, deps.clock.now());
      const { lead } = result;
      if (result.step && lead) {
        // The lead moved (pool, manager): the report's cached totals of its asset are stale.
        uow.countsChanged(leadResource, lead.assetId);
        uow.afterCommit('lead.sla.schedule', () => scheduleLeadClock(deps, lead));
      }
      return result;
    },
    LEAD_TX_OPTIONS,
  );
}

/**
 * The job id: lead, phase and deadline, so scheduling the same deadline twice adds one job and a moved
 * deadline adds a new one (the old one then finds nothing due). BullMQ refuses ':' in custom ids.
 */
export function slaJobId(leadId: string, phase: LeadSlaPhase, deadline: Date): string {
  return `sla-${leadId}-${phase}-${deadline.getTime()}`;
}

export interface ClockedLead {
  id: string;
  isAccepted: boolean;
  isInFreePool: boolean;
  isAssignedFromLeadPool: boolean;
  initialSlaEndDate: Date | null;
  freePoolSlaEndDate: Date | null;
}

/**
 * Queues the lead's pending deadlines. Never fails the caller: when Redis is unreachable the change is
 * already committed and the periodic sweep applies the deadline instead.
 */
export async function scheduleLeadClock(
  deps: Pick<LeadDeps, 'jobs' | 'clock' | 'log'>,
  lead: ClockedLead,
): Promise<{ queued: number; failed: number }> {
  const phases = clockPhases(lead);
  if (!phases.length) return { queued: 0, failed: 0 };
  const now = deps.clock.now().getTime();
  const outcomes = await Promise.allSettled(
    phases.map(([phase, deadline]) =>
      deps.jobs.enqueue(
        leadSlaJob,
        { leadId: lead.id, phase, deadline: deadline.toISOString() },
        { jobId: slaJobId(lead.id, phase, deadline), delay: Math.max(0, deadline.getTime() - now) },
      ),
    ),
  );
  const failed = outcomes.filter((o) => o.status === 'rejected');
  if (failed.length) {
    const reason = failed[0]?.status === 'rejected' ? failed[0].reason : undefined;
    deps.log.warn(
      { err: reason, leadId: lead.id, event: 'lead.sla.unscheduled' },
      'SLA clock job not queued; the sweep will apply the deadline',
    );
  }
  return { queued: outcomes.length - failed.length, failed: failed.length };
}

/** The deadlines of many new leads in one round trip to Redis; like scheduleLeadClock, never fails the caller. */
export async function scheduleLeadClocks(
  deps: Pick<LeadDeps, 'jobs' | 'clock' | 'log'>,
  leads: readonly ClockedLead[],
): Promise<{ queued: number; failed: number }> {
  const now = deps.clock.now().getTime();
  const jobs = leads.flatMap((lead) =>
    clockPhases(lead).map(([phase, deadline]) => ({
      payload: { leadId: lead.id, phase, deadline: deadline.toISOString() },
      opts: { jobId: slaJobId(lead.id, phase, deadline), delay: Math.max(0, deadline.getTime() - now) },
    })),
  );
  if (!jobs.length) return { queued: 0, failed: 0 };
  try {
    await deps.jobs.enqueueMany(leadSlaJob, jobs);
    return { queued: jobs.length, failed: 0 };
  } catch (error) {
    deps.log.warn(
      { err: error, leads: leads.length, event: 'lead.sla.unscheduled' },
      'SLA clock jobs not queued; the sweep will apply the deadlines',
    );
    return { queued: 0, failed: jobs.length };
  }
}

/**
 * The deadline of the stage the lead is in: the initial end before the pool, the pool end in it; none once accepted,
 * escalated or without a pool end. The pool's job is queued when the lead enters the pool, since a late entry
 * moves the pool end (docs/leads.md 'The clock').
 */
function clockPhases(lead: ClockedLead): [LeadSlaPhase, Date][] {
  if (lead.isAccepted || lead.isAssignedFromLeadPool || !lead.freePoolSlaEndDate) return [];
  if (lead.isInFreePool) return [['pool', lead.freePoolSlaEndDate]];
  return lead.initialSlaEndDate ? [['initial', lead.initialSlaEndDate]] : [];
}
