import {
  LEAD_ACTIVITY_KIND,
  LEAD_DEFAULT_SOURCES,
  LEAD_KNOWN_STAGES,
  LISTING_BUDGET_MIN_RATIO,
  MESSAGES,
  paginatorMetaFor,
  normalizePaging,
  reviewFeedback,
  type BudgetQuery,
  type BudgetResult,
  type InitialAgentQuery,
  type InitialAgentResult,
  type LeadActivity,
  type LeadActivityKind,
  type LeadRecord,
  type PaginatorMeta,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { leadAssetOf, loadLeadSettings, type LeadDeps } from './lead-context.js';
import { assertLeadId, readLeadRecord } from './lead-record.js';
import { pickByStrategy, quotaWarning, routeLead } from './lead-routing.service.js';

// The read calls of the lead form and the lead page: initial agent, budget, stages, sources, the lead and
// its activity. Nothing here writes.

type ReadDeps = Pick<LeadDeps, 'db' | 'clock'>;

/** GET {id}: the lead of the active asset with its listings' reference (and the other populates). */
export function getLead(deps: ReadDeps, actor: Actor, assetId: string, id: string): Promise<LeadRecord> {
  return readLeadRecord(deps.db, actor, assetId, id, deps.clock.now());
}

/** GET initial-agent: who would get the lead now (a preview: the rotation does not move). */
export async function previewInitialAgent(deps: ReadDeps, actor: Actor, query: InitialAgentQuery): Promise<InitialAgentResult> {
  const assetId = leadAssetOf(actor, query.asset);
  const settings = await loadLeadSettings(deps.db, assetId);
  const step = await routeLead(deps.db, {
    assetId,
    customerId: query.customer ?? null,
    listingId: query.listing ?? null,
    projectId: query.project ?? null,
    parentId: query.parentId ?? null,
    manualAgentId: query.agent ?? null,
    excludeTestAgents: settings.excludeTestAgents,
  });
  let agent = step.kind === 'decided' ? step.agent : null;
  if (step.kind === 'strategy') {
    const asset = await deps.db.asset.findUnique({ where: { id: assetId }, select: { roundRobinCursor: true } });
    agent = await pickByStrategy(deps.db, settings, step.candidates, asset?.roundRobinCursor ?? null, deps.clock.now());
  }
  const parent = step.parent;
  return {
    agent: agent ? { _id: agent.id, name: agent.name } : null,
    parent: parent
      ? { _id: parent.id, leadID: parent.leadID, agent: parent.agent ? { _id: parent.agent.id, name: parent.agent.name } : null }
      : null,
    limitsWarning: await quotaWarning(deps.db, settings, agent, deps.clock.now()),
  };
}

const money = (value: { toNumber(): number } | null | undefined) => (value === null || value === undefined ? null : value.toNumber());

/** GET budget: a listing's price range (LISTING_BUDGET_MIN_RATIO of the price up to the price) or a project's. */
export async function leadBudget(deps: ReadDeps, actor: Actor, query: BudgetQuery): Promise<BudgetResult> {
  const assetId = leadAssetOf(actor, query.asset);
  if (query.listing) {
    const listing = await deps.db.listing.findFirst({ where: { id: query.listing, assetId, deletedAt: null }, select: { price: true } });
    if (!listing) throw AppError.notFound('Listing not found');
    const price = money(listing.price);
    return { minBudget: price === null ? null : Math.round(price * LISTING_BUDGET_MIN_RATIO), maxBudget: price };
  }
  if (query.project) {
    const project = await deps.db.project.findFirst({
      where: { id: query.project, assetId, deletedAt: null },
      select: { minPrice: true, maxPrice: true },
    });
    if (!project) throw AppError.notFound('Project not found');
    return { minBudget: money(project.minPrice), maxBudget: money(project.maxPrice) };
  }
  return { minBudget: null, maxBudget: null };
}

/** GET stages: the known stages (funnel order first), then any other stage the asset's leads use. */
export async function listStages(deps: ReadDeps, assetId: string): Promise<string[]> {
  const used = await deps.db.lead.groupBy({ by: ['stage'], where: { assetId, deletedAt: null }, orderBy: { stage: 'asc' } });
  return [...new Set([...LEAD_KNOWN_STAGES, ...used.map((row) => row.stage)])];
}

/** GET v2/source: the default sources and every source in use in the asset, alphabetically. */
export async function listSources(deps: ReadDeps, assetId: string): Promise<string[]> {
  const used = await deps.db.lead.groupBy({ by: ['source'], where: { assetId, deletedAt: null } });
  return [...new Set([...LEAD_DEFAULT_SOURCES, ...used.map((row) => row.source)])].sort((a, b) => a.localeCompare(b));
}

/**
 * GET {id}/history[/{kind}]: the lead's activity (owner changes, stage changes, the review), newest
 * first. `kind` narrows it to one of assignment, stage, review.
 */
export async function leadHistory(
  deps: ReadDeps,
  assetId: string,
  id: string,
  kind?: LeadActivityKind,
): Promise<{ data: LeadActivity[]; meta: PaginatorMeta }> {
  assertLeadId(id);
  const lead = await deps.db.lead.findFirst({
    where: { id, assetId, deletedAt: null },
    select: {
      assignments: {
        select: {
          id: true,
          reason: true,
          assignedAt: true,
          acceptedAt: true,
          responseMinutes: true,
          agent: { select: { id: true, name: true } },
        },
      },
      stageHistory: { select: { id: true, stage: true, status: true, changedAt: true, changedById: true } },
      review: {
        select: { id: true, rating: true, category: true, feedback: true, createdAt: true, agent: { select: { id: true, name: true } } },
      },
    },
  });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  const userIds = [...new Set(lead.stageHistory.map((s) => s.changedById).filter((v): v is string => v !== null))];
  const users = userIds.length ? await deps.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, fullName: true } }) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.fullName]));
  const items: LeadActivity[] = [];
  if (!kind || kind === LEAD_ACTIVITY_KIND.ASSIGNMENT) {
    for (const a of lead.assignments) {
      items.push({
        _id: a.id,
        kind: LEAD_ACTIVITY_KIND.ASSIGNMENT,
        at: a.assignedAt.toISOString(),
        title: `Assigned to ${a.agent.name}`,
        agent: { _id: a.agent.id, name: a.agent.name },
        reason: a.reason,
        responseMinutes: a.responseMinutes,
      });
    }
  }
  if (!kind || kind === LEAD_ACTIVITY_KIND.STAGE) {
    for (const s of lead.stageHistory) {
      const by = s.changedById ? nameOf.get(s.changedById) : undefined;
      items.push({
        _id: s.id,
        kind: LEAD_ACTIVITY_KIND.STAGE,
        at: s.changedAt.toISOString(),
        title: `Stage changed to ${s.stage}${by ? ` by ${by}` : ''}`,
        stage: s.stage,
        status: s.status,
      });
    }
  }
  if (lead.review && (!kind || kind === LEAD_ACTIVITY_KIND.REVIEW)) {
    const r = lead.review;
    items.push({
      _id: r.id,
      kind: LEAD_ACTIVITY_KIND.REVIEW,
      at: r.createdAt.toISOString(),
      title: 'Customer review',
      agent: r.agent ? { _id: r.agent.id, name: r.agent.name } : null,
      rating: r.rating,
      category: r.category,
      feedback: reviewFeedback(r),
    });
  }
  // Newest first; at the same instant (a lead's creation writes its assignment and first stage together)
  // the review, then the stage, then the assignment.
  const rank: Record<LeadActivityKind, number> = { review: 0, stage: 1, assignment: 2 };
  items.sort((x, y) => (x.at !== y.at ? (x.at < y.at ? 1 : -1) : rank[x.kind] - rank[y.kind]));
  return { data: items, meta: paginatorMetaFor(items.length, normalizePaging({ limit: -1 })) };
}
