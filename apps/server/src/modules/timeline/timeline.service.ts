import {
  DEAL_PIPELINES,
  type DealStage,
  TIMELINE_MESSAGES as M,
  type TimelineEntry,
  type TimelineInput,
  type TimelinePage,
  UUID_PATTERN,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { stagesOf } from '../deals/index.js';
import { byTimelineOrder, cursorAfter, readCursor } from './timeline-cursor.js';
import { TIMELINE_READERS, type TimelineDraft, type TimelineScope } from './timeline-sources.js';

// The lead's, customer's and deal's timelines (docs/api.md 'Timelines'): each table read before the cursor, limit+1
// rows each, merged newest first; the first `limit` answered, and a cursor when there is more.

type Deps = Pick<AppDeps, 'db'>;
type Scope = Omit<TimelineScope, 'timezone' | 'stageName'>;

const notFoundUnlessUuid = (id: string, message: string) => {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound(message);
};

async function answer(deps: Deps, assetId: string, input: TimelineInput, scope: Scope): Promise<TimelinePage> {
  const cursor = readCursor(input.cursor);
  const [asset, pipelines] = await Promise.all([
    deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { timezone: true } }),
    scope.dealIds.length ? Promise.all(DEAL_PIPELINES.map((p) => stagesOf(deps.db, assetId, p))) : Promise.resolve([] as DealStage[][]),
  ]);
  const names = new Map<string, string>(
    DEAL_PIPELINES.flatMap((p, i) => (pipelines[i] ?? []).map((s) => [`${p}:${s.key}`, s.name] as const)),
  );
  const full: TimelineScope = { ...scope, timezone: asset.timezone, stageName: (p, key) => names.get(`${p}:${key}`) ?? key };
  const take = input.limit + 1;
  const read = await Promise.all(TIMELINE_READERS.map((reader) => reader({ db: deps.db, scope: full, cursor, take })));
  const drafts = read.flat().sort(byTimelineOrder).slice(0, take);
  const page = drafts.slice(0, input.limit);
  const data = await withAuthors(deps, page);
  const last = data.at(-1);
  return { data, meta: { nextCursor: drafts.length > input.limit && last ? cursorAfter(last) : null } };
}

/** Only the page's authors are read; a user no longer there keeps their id. */
async function withAuthors(deps: Deps, drafts: TimelineDraft[]): Promise<TimelineEntry[]> {
  const ids = [...new Set(drafts.map((d) => d.byUserId).filter((id): id is string => id !== null))];
  const users = ids.length ? await deps.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, fullName: true } }) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.fullName]));
  return drafts.map(({ byUserId, ...entry }) => ({
    ...entry,
    by: byUserId === null ? null : { id: byUserId, name: nameOf.get(byUserId) ?? M.formerUser },
  }));
}

/** GET timeline/leads/{id}: the lead's own entries and its deal's moves. */
export async function leadTimeline(deps: Deps, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.leadNotFound);
  const lead = await deps.db.lead.findFirst({ where: { id: input.id, assetId, deletedAt: null }, select: { id: true } });
  if (!lead) throw AppError.notFound(M.leadNotFound);
  const deals = await deps.db.deal.findMany({ where: { leadId: lead.id, assetId, deletedAt: null }, select: { id: true } });
  return answer(deps, assetId, input, {
    activities: { leadId: lead.id },
    leadIds: [lead.id],
    conversations: { leadId: lead.id },
    viewings: { leadId: lead.id },
    dealIds: deals.map((d) => d.id),
    linkDeals: true,
  });
}

/** GET timeline/customers/{id}: the customer's activities, conversations and viewings, and their leads' and deals'. */
export async function customerTimeline(deps: Deps, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.customerNotFound);
  const customer = await deps.db.customer.findFirst({ where: { id: input.id, assetId, deletedAt: null }, select: { id: true } });
  if (!customer) throw AppError.notFound(M.customerNotFound);
  const [leads, deals] = await Promise.all([
    deps.db.lead.findMany({ where: { customerId: customer.id, assetId, deletedAt: null }, select: { id: true } }),
    deps.db.deal.findMany({ where: { customerId: customer.id, assetId, deletedAt: null }, select: { id: true } }),
  ]);
  return answer(deps, assetId, input, {
    activities: { customerId: customer.id, assetId },
    leadIds: leads.map((l) => l.id),
    conversations: { customerId: customer.id, assetId },
    viewings: { customerId: customer.id, assetId },
    dealIds: deals.map((d) => d.id),
    linkDeals: true,
  });
}

/**
 * GET timeline/deals/{id}: the deal's moves and activities, and its lead's activities from the deal's opening on
 * (what was done to win it); the lead's earlier story stays on the lead's timeline.
 */
export async function dealTimeline(deps: Deps, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.dealNotFound);
  const deal = await deps.db.deal.findFirst({
    where: { id: input.id, assetId, deletedAt: null },
    select: { id: true, leadId: true, createdAt: true },
  });
  if (!deal) throw AppError.notFound(M.dealNotFound);
  const activities = deal.leadId
    ? { OR: [{ dealId: deal.id }, { leadId: deal.leadId, createdAt: { gte: deal.createdAt } }] }
    : { dealId: deal.id };
  return answer(deps, assetId, input, {
    activities,
    leadIds: [],
    conversations: null,
    viewings: null,
    dealIds: [deal.id],
    linkDeals: false,
  });
}
