import { DATE_PRESET, datePresetRange, LEAD_ASSIGNMENT_REASON, MESSAGES, type LeadAssignmentReason } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import type { AssetLeadSettings } from './lead-context.js';
import { unique, type RoutingFacts } from './lead-intake.facts.js';
import type { NewLead } from './lead-intake.service.js';
import { quotaMessage, type Candidate } from './lead-routing.service.js';
import type { payloadColumns } from './lead-write.helpers.js';
import type { NewLeadHistory } from './lead-writer.js';

// Lead intake's placement of one lead (lead-intake.service.ts saves the batch): who takes a lead without a parent,
// the agents' daily quota warnings, and the first history rows.

export type Route =
  | { kind: 'decided'; agent: Candidate | null; reason: LeadAssignmentReason }
  | { kind: 'strategy'; candidates: Candidate[] };

/**
 * docs/leads.md 'Who gets a new lead', steps 2-4, for a lead without a parent (step 1 is decided by the caller); a
 * portal's agent hint comes before the strategy of step 4.
 */
export function routeWithoutParent(facts: RoutingFacts, lead: NewLead, columns: ReturnType<typeof payloadColumns>): Route | AppError {
  if (lead.payload.isManualAssignment && lead.payload.agent) {
    const agent = facts.manualAgents.get(lead.payload.agent);
    if (!agent) return AppError.validation({ agent: [MESSAGES.lead.invalidOption('Agent')] });
    return { kind: 'decided', agent, reason: LEAD_ASSIGNMENT_REASON.MANUAL };
  }
  const listingAgent = columns.listingId ? facts.listings.get(columns.listingId) : null;
  if (listingAgent) return { kind: 'decided', agent: listingAgent, reason: LEAD_ASSIGNMENT_REASON.AUTO };
  if (columns.projectId) {
    const projectAgents = facts.eligible.filter((m) => m.projectIds.has(columns.projectId ?? ''));
    if (projectAgents.length) return { kind: 'strategy', candidates: projectAgents };
  }
  const hinted = lead.agentHint ? facts.eligible.find((m) => m.id === lead.agentHint) : undefined;
  if (hinted) return { kind: 'decided', agent: hinted, reason: LEAD_ASSIGNMENT_REASON.AUTO };
  return { kind: 'strategy', candidates: facts.eligible };
}

export interface Placed {
  index: number;
  id: string;
  agent: Candidate;
  reason: LeadAssignmentReason;
  parentId: string | null;
  customerType: string;
  columns: ReturnType<typeof payloadColumns>;
}

/** docs/leads.md 'Lead settings' (dailyLeadQuota): each lead's warning, counting what its agent received today before it. */
export async function quotaWarnings(
  tx: DbTx,
  settings: AssetLeadSettings,
  placed: readonly Placed[],
  now: Date,
): Promise<(string | null)[]> {
  if (settings.dailyLeadQuota <= 0) return placed.map(() => null);
  const today = datePresetRange(DATE_PRESET.TODAY, now, settings.timezone);
  const counts = await tx.leadAssignment.groupBy({
    by: ['agentId'],
    where: { agentId: { in: unique(placed.map((p) => p.agent.id)) }, assignedAt: { gte: new Date(today.from), lte: now } },
    _count: { _all: true },
  });
  const received = new Map(counts.map((c) => [c.agentId, c._count._all]));
  return placed.map((lead) => {
    const before = received.get(lead.agent.id) ?? 0;
    received.set(lead.agent.id, before + 1);
    return quotaMessage(settings, lead.agent, before);
  });
}

/** assignedHistory's and stageHistory's first row of each lead. */
export function historyRows(placed: readonly Placed[], batch: readonly NewLead[]): NewLeadHistory[] {
  return placed.map((p) => ({
    assignmentId: timeOrderedId(),
    stageChangeId: timeOrderedId(),
    leadId: p.id,
    agentId: p.agent.id,
    reason: p.reason,
    stage: batch[p.index]?.payload.stage ?? '',
    status: batch[p.index]?.payload.status ?? '',
    userId: batch[p.index]?.actor.userId ?? null,
  }));
}
