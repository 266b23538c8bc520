import { z } from 'zod';
import { LEAD_SLA_PHASES, type LeadSlaPhase } from '@crm/domain';
import { defineJob } from '../../core/jobs/job-definition.js';
import type { LeadDeps } from './lead-context.js';
import { advanceLeadClock } from './lead-sla.service.js';

// The SLA clock: one delayed BullMQ job per lead, phase and deadline. The handler re-reads the lead under a
// row lock and applies only what is due (lead-sla.service.ts), so duplicates and stale jobs change nothing.

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
  handle: async (payload, { deps }) => advanceLeadClock(deps, payload.leadId),
});

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

/** The phases still ahead of a lead and their deadlines: none once accepted, escalated or without a pool end. */
function clockPhases(lead: ClockedLead): [LeadSlaPhase, Date][] {
  if (lead.isAccepted || lead.isAssignedFromLeadPool || !lead.freePoolSlaEndDate) return [];
  const phases: [LeadSlaPhase, Date][] = [];
  if (!lead.isInFreePool && lead.initialSlaEndDate) phases.push(['initial', lead.initialSlaEndDate]);
  phases.push(['pool', lead.freePoolSlaEndDate]);
  return phases;
}
