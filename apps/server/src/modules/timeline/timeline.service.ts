import {
  dealContract,
  leadContract,
  TIMELINE_MESSAGES as M,
  type TimelineEntry,
  type TimelineInput,
  type TimelinePage,
  UUID_PATTERN,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { stageNamesOf, visibleDealsWhere } from '../deals/index.js';
import { byTimelineOrder, cursorAfter, readCursor } from './timeline-cursor.js';
import { TIMELINE_READERS, type TimelineDraft, type TimelineScope } from './timeline-sources.js';

// The lead's, customer's and deal's timelines (docs/api.md 'Timelines'): each table read before the cursor, limit+1
// rows each, merged newest first; the first `limit` answered, and a cursor when there is more.

type Deps = Pick<AppDeps, 'db'>;

const notFoundUnlessUuid = (id: string, message: string) => {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound(message);
};

/** The page; `found` checks the record is the asset's (in parallel with the reads: their rows are only its). */
async function answer(
  deps: Deps,
  assetId: string,
  input: TimelineInput,
  scope: TimelineScope,
  found: Promise<unknown>,
): Promise<TimelinePage> {
  const cursor = readCursor(input.cursor);
  const take = input.limit + 1;
  const [, ...read] = await Promise.all([found, ...TIMELINE_READERS.map((reader) => reader({ db: deps.db, scope, cursor, take }))]);
  const drafts = read.flat().sort(byTimelineOrder).slice(0, take);
  const data = await finish(deps, assetId, drafts.slice(0, input.limit));
  const last = data.at(-1);
  return { data, meta: { nextCursor: drafts.length > input.limit && last ? cursorAfter(last) : null } };
}

/**
 * What only the page's entries need, read once for the page: the authors' names (a user no longer there keeps their
 * id), the stages' names of its deal moves, the asset's zone for its viewings' times.
 */
async function finish(deps: Deps, assetId: string, drafts: TimelineDraft[]): Promise<TimelineEntry[]> {
  const ids = [...new Set(drafts.map((d) => d.byUserId).filter((id): id is string => id !== null))];
  const moves = drafts.some((d) => d.pending && 'deal' in d.pending);
  const viewings = drafts.some((d) => d.pending && 'viewing' in d.pending);
  const [users, stageNames, asset] = await Promise.all([
    ids.length ? deps.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, fullName: true } }) : [],
    moves ? stageNamesOf(deps.db, assetId) : new Map<string, string>(),
    viewings ? deps.db.asset.findUnique({ where: { id: assetId }, select: { timezone: true } }) : null,
  ]);
  const nameOf = new Map(users.map((u) => [u.id, u.fullName]));
  const stage = (pipeline: string, key: string) => stageNames.get(`${pipeline}:${key}`) ?? key;
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: asset?.timezone ?? 'UTC' });
  return drafts.map(({ byUserId, pending, ...entry }) => {
    let title = entry.title;
    if (pending && 'deal' in pending) {
      const { pipeline, from, to } = pending.deal;
      title = from === null ? M.dealOpened(stage(pipeline, to)) : M.dealMoved(stage(pipeline, from), stage(pipeline, to));
    } else if (pending) title = M.viewing(pending.viewing.status, when.format(pending.viewing.startsAt));
    return { ...entry, title, by: byUserId === null ? null : { id: byUserId, name: nameOf.get(byUserId) ?? M.formerUser } };
  });
}

const orNotFound = (message: string) => (row: unknown) => {
  if (!row) throw AppError.notFound(message);
};

/** GET timeline/leads/{id}: the lead's own entries and its deal's moves. */
export async function leadTimeline(deps: Deps, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.leadNotFound);
  const leadId = input.id;
  const found = deps.db.lead
    .findFirst({ where: { id: leadId, assetId, deletedAt: null }, select: { id: true } })
    .then(orNotFound(M.leadNotFound));
  const own = { leadId };
  return answer(
    deps,
    assetId,
    input,
    {
      activities: own,
      stages: own,
      assignments: own,
      messages: { conversation: own },
      viewings: own,
      documents: own,
      dealMoves: { deal: { leadId, deletedAt: null } },
      dealDocuments: null,
      poolEntries: { subjectType: leadContract.name, subjectId: leadId },
      linkDeals: true,
    },
    found,
  );
}

/** GET timeline/customers/{id}: the customer's activities, conversations and viewings, and their leads' and deals'. */
export async function customerTimeline(deps: Deps, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.customerNotFound);
  const customerId = input.id;
  const theirs = { customerId, assetId };
  const leads = { lead: { customerId, assetId, deletedAt: null } };
  // The activity log names its lead by id alone: the customer's leads first (a customer has a handful). Read before
  // the customer's check starts, so that a missing customer's 404 is never left unawaited.
  const leadIds = (await deps.db.lead.findMany({ where: { customerId, assetId, deletedAt: null }, select: { id: true } })).map((l) => l.id);
  const found = deps.db.customer
    .findFirst({ where: { id: customerId, assetId, deletedAt: null }, select: { id: true } })
    .then(orNotFound(M.customerNotFound));
  return answer(
    deps,
    assetId,
    input,
    {
      activities: theirs,
      stages: leads,
      assignments: leads,
      messages: { conversation: theirs },
      viewings: theirs,
      documents: leads,
      dealMoves: { deal: { customerId, assetId, deletedAt: null } },
      dealDocuments: null,
      poolEntries: leadIds.length ? { subjectType: leadContract.name, subjectId: { in: leadIds } } : null,
      linkDeals: true,
    },
    found,
  );
}

/**
 * GET timeline/deals/{id}: the deal's moves, documents and activities, and its lead's activities from its opening on
 * (what was done to win it); the lead's earlier story stays on the lead's timeline.
 */
export async function dealTimeline(deps: Deps, actor: Actor, assetId: string, input: TimelineInput): Promise<TimelinePage> {
  notFoundUnlessUuid(input.id, M.dealNotFound);
  const deal = await deps.db.deal.findFirst({
    where: { id: input.id, assetId, deletedAt: null, ...visibleDealsWhere(actor) },
    select: { id: true, leadId: true, createdAt: true },
  });
  if (!deal) throw AppError.notFound(M.dealNotFound);
  const activities = deal.leadId
    ? { OR: [{ dealId: deal.id }, { leadId: deal.leadId, createdAt: { gte: deal.createdAt } }] }
    : { dealId: deal.id };
  const none = null;
  const scope = {
    activities,
    stages: none,
    assignments: none,
    messages: none,
    viewings: none,
    documents: none,
    dealDocuments: { subjectType: dealContract.name, subjectId: deal.id },
    poolEntries: none,
    linkDeals: false,
  };
  return answer(deps, assetId, input, { ...scope, dealMoves: { dealId: deal.id } }, Promise.resolve());
}
