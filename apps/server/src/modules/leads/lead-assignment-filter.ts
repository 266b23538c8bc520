import { LEAD_ASSIGNMENT_REASON, LeadAssignmentFilterSchema, type TeamFigure } from '@crm/domain';
import { filterError } from '../../resources/filter-compiler.js';
import type { Where } from '../../resources/resource.types.js';

// The Leads report's `assignment` filter key: the leads behind a figure of the Brokers, Managers or Offices report,
// by the same conditions the report counts (member-brokers.service.ts and the per-day figures' triggers).

const CONDITIONS: Record<TeamFigure, Where> = {
  assigned: {},
  accepted: { acceptedAt: { not: null } },
  claimed: { reason: LEAD_ASSIGNMENT_REASON.POOL_CLAIM },
  escalated: { escalatedAt: { not: null }, acceptedAt: null },
  escalatedToManager: { reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED },
};

/** `{ assignment: { figure, agents, from?, to? } }` as a where clause on leads. */
export function leadAssignmentWhere(value: unknown, path: string): Where {
  const parsed = LeadAssignmentFilterSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw filterError([path, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'Invalid assignment filter.');
  }
  const { figure, agents, from, to } = parsed.data;
  const assignedAt = { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lte: new Date(to) } : {}) };
  return {
    assignments: {
      some: { agentId: { in: agents.map((id) => id.toLowerCase()) }, ...(from || to ? { assignedAt } : {}), ...CONDITIONS[figure] },
    },
  };
}
