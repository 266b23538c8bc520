import {
  HUMAN_TOUCH_ACTIVITY_TYPES,
  type HomeLeadFigure,
  LEAD_STATUS,
  type LeadHomeFigureFilter,
  LeadHomeFigureFilterSchema,
} from '@crm/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { filterError } from '../../resources/filter-compiler.js';
import type { Where } from '../../resources/resource.types.js';

// The Leads report's `homeFigure` filter key: the leads behind a figure of Home (docs/product.md 'Home'). Home counts
// with these very conditions (modules/home), so a figure and the list it opens agree.

type Range = { gte?: Date; lte?: Date };

const rangeOf = ({ from, to }: LeadHomeFigureFilter): Range | undefined =>
  from || to ? { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lte: new Date(to) } : {}) } : undefined;

/** A Portal Leads row's leads: created in the range, of its source, listing or contact method ('' is none given). */
const portalLeads = (filter: LeadHomeFigureFilter): Prisma.LeadWhereInput => ({
  dataSourceCreatedAt: rangeOf(filter),
  ...(filter.source !== undefined ? { source: filter.source } : {}),
  ...(filter.listing !== undefined ? { listingId: filter.listing } : {}),
  ...(filter.contactMethod !== undefined ? { contactMethod: filter.contactMethod === '' ? null : filter.contactMethod } : {}),
});

/** Answered by a person (modules/reports/portal-leads.service.ts counts the same): a done call, email or WhatsApp a user logged, or a WhatsApp a user sent. */
const HUMAN_TOUCH: Prisma.LeadWhereInput = {
  OR: [
    {
      activities: {
        some: { deletedAt: null, creatorId: { not: null }, doneAt: { not: null }, type: { in: [...HUMAN_TOUCH_ACTIVITY_TYPES] } },
      },
    },
    { conversations: { some: { messages: { some: { direction: 'out', sentById: { not: null } } } } } },
  ],
};

const CONDITIONS: Record<HomeLeadFigure, (filter: LeadHomeFigureFilter, agentId: Prisma.UuidFilter | undefined) => Prisma.LeadWhereInput> =
  {
    // What the agent may still accept (POST accept/{id}): open, not accepted, not in the pool.
    awaitingAcceptance: (_filter, agentId) => ({ agentId, isAccepted: false, isInFreePool: false, status: LEAD_STATUS.OPEN }),
    // The initial SLA ran out unaccepted (the lead went to the pool); a lead sent straight to the pool broke no SLA.
    slaBreached: (filter, agentId) => ({
      agentId,
      isAccepted: false,
      sendToPool: false,
      initialSlaEndDate: rangeOf(filter) ?? { not: null },
    }),
    // An unaccepted assignment lapsed past the pool to a manager (its escalatedAt, set by the database).
    escalated: (filter, agentId) => ({
      assignments: { some: { agentId, acceptedAt: null, escalatedAt: rangeOf(filter) ?? { not: null } } },
    }),
    newLeads: (filter, agentId) => ({ agentId, source: filter.source, dataSourceCreatedAt: rangeOf(filter) }),
    // Open and nothing ahead: no task still to do due from the moment on (or without a due time), no viewing
    // scheduled from it on. The lead's plannedUntil (kept by triggers on Activity and Viewing) is the latest of them.
    noNextActivity: (filter, agentId) => {
      const asOf = filter.from ? new Date(filter.from) : new Date();
      return { agentId, status: LEAD_STATUS.OPEN, OR: [{ plannedUntil: null }, { plannedUntil: { lt: asOf } }] };
    },
    portalEnquiries: (filter) => portalLeads(filter),
    portalResponded: (filter) => ({ AND: [portalLeads(filter), HUMAN_TOUCH] }),
    portalClaimed: (filter) => ({ ...portalLeads(filter), isClaimedFromPool: true }),
    portalViewings: (filter) => ({ ...portalLeads(filter), viewings: { some: { status: { not: 'cancelled' } } } }),
    portalDeals: (filter) => ({ ...portalLeads(filter), deal: { is: { deletedAt: null } } }),
  };

/** The conditions of a Home figure on leads (beside the asset and soft delete the list adds). */
export function leadHomeFigureConditions(filter: LeadHomeFigureFilter): Prisma.LeadWhereInput {
  const agentId = filter.agents ? { in: filter.agents.map((id) => id.toLowerCase()) } : undefined;
  return CONDITIONS[filter.figure](filter, agentId);
}

/** `{ homeFigure: { figure, agents?, from?, to?, source? } }` as a where clause on leads. */
export function leadHomeFigureWhere(value: unknown, path: string): Where {
  const parsed = LeadHomeFigureFilterSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw filterError([path, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'Invalid Home figure filter.');
  }
  return leadHomeFigureConditions(parsed.data);
}
