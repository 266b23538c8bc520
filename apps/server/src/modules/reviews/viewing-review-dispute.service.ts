import {
  VIEWING_REVIEW_MESSAGES as M,
  type ViewingReviewAverages,
  type ViewingReviewAveragesQuery,
  type ViewingReviewRecord,
  viewingReviewContract,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { Prisma } from '../../generated/prisma/client.js';
import { asContractRecord } from '../../resources/resource-serializer.js';
import { findRecordById } from '../../resources/resource.service.js';
import { type UnitOfWork, withUnitOfWork } from '../../resources/unit-of-work.js';
import type { DbTx } from '../../db/prisma.js';
import { viewingReviewResource } from './viewing-review.resource.js';

// The dispute of a viewing review (docs/product.md 'Viewing reviews'): its agent disputes it once, with a reason; a
// manager upholds it (it stays, and counts) or removes it (soft-deleted: gone from the list and the averages, kept in
// the activity log with the ruling).

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'events' | 'redis' | 'env' | 'jobs'>>;
const SUBJECT = viewingReviewContract.name;

const recordOf = async (deps: Deps, actor: Actor, assetId: string, id: string, deleted = false): Promise<ViewingReviewRecord> =>
  asContractRecord(
    viewingReviewContract,
    await findRecordById({ deps, actor: { ...actor, assetId } }, viewingReviewResource, id, deleted ? { deleted: true } : undefined),
  );

async function lockedReview(tx: DbTx, lock: UnitOfWork['lock'], assetId: string, id: string) {
  if (!(await lock('ViewingReview', id))) throw AppError.notFound(M.notFound);
  const review = await tx.viewingReview.findFirst({
    where: { id, assetId, deletedAt: null },
    select: { id: true, disputeState: true, disputeReason: true, agent: { select: { userId: true } } },
  });
  if (!review) throw AppError.notFound(M.notFound);
  return review;
}

/** POST reviews/viewings/{id}/dispute: only the viewing's agent, only once. */
export async function disputeViewingReview(deps: Deps, actor: Actor, assetId: string, input: { id: string; reason: string }) {
  await withUnitOfWork(deps, actor, async (uow) => {
    const review = await lockedReview(uow.tx, uow.lock, assetId, input.id);
    if (!review.agent?.userId || review.agent.userId !== actor.userId) throw AppError.forbidden(M.notTheAgent);
    if (review.disputeState !== 'none') throw AppError.conflict(M.alreadyDisputed);
    await uow.tx.viewingReview.update({
      where: { id: review.id },
      data: { disputeState: 'disputed', disputeReason: input.reason, disputedAt: uow.now, updatedById: actor.userId },
    });
    uow.activity({
      assetId,
      action: 'update',
      subjectType: SUBJECT,
      subjectId: review.id,
      before: { disputeState: 'none', disputeReason: null },
      after: { disputeState: 'disputed', disputeReason: input.reason },
    });
  });
  return { data: await recordOf(deps, actor, assetId, input.id) };
}

/** POST reviews/viewings/{id}/resolve: a manager's ruling on a disputed review. */
export async function resolveViewingReview(
  deps: Deps,
  actor: Actor,
  assetId: string,
  input: { id: string; outcome: 'uphold' | 'remove'; note?: string | null },
) {
  const state = input.outcome === 'uphold' ? 'upheld' : 'removed';
  await withUnitOfWork(deps, actor, async (uow) => {
    const review = await lockedReview(uow.tx, uow.lock, assetId, input.id);
    if (review.disputeState !== 'disputed') throw AppError.conflict(M.notDisputed);
    const note = input.note || null;
    await uow.tx.viewingReview.update({
      where: { id: review.id },
      data: {
        disputeState: state,
        resolvedAt: uow.now,
        resolvedById: actor.userId,
        resolutionNote: note,
        updatedById: actor.userId,
        ...(state === 'removed' ? { deletedAt: uow.now } : {}),
      },
    });
    uow.activity({
      assetId,
      action: state === 'removed' ? 'delete' : 'update',
      subjectType: SUBJECT,
      subjectId: review.id,
      before: { disputeState: 'disputed' },
      after: { disputeState: state, resolutionNote: note },
    });
  });
  return { data: await recordOf(deps, actor, assetId, input.id, state === 'removed') };
}

interface AverageRow {
  id: string;
  name: string | null;
  count: bigint;
  average: number;
}

/** GET reviews/viewings/averages: per agent or listing, the reviews not removed, best first. */
export async function viewingReviewAverages(
  deps: Deps,
  assetId: string,
  query: ViewingReviewAveragesQuery,
): Promise<ViewingReviewAverages> {
  const and = (condition: Prisma.Sql | false) => (condition ? Prisma.sql`AND ${condition}` : Prisma.empty);
  const filters = Prisma.sql`
    ${and(!!query.agent && Prisma.sql`r."agentId" = ${query.agent}::uuid`)}
    ${and(!!query.listing && Prisma.sql`r."listingId" = ${query.listing}::uuid`)}
    ${and(!!query.project && Prisma.sql`r."projectId" = ${query.project}::uuid`)}
    ${and(!!query.from && Prisma.sql`r."createdAt" >= ${query.from ? new Date(query.from) : null}`)}
    ${and(!!query.to && Prisma.sql`r."createdAt" <= ${query.to ? new Date(query.to) : null}`)}`;
  const rows =
    query.by === 'agent'
      ? await deps.db.$queryRaw<AverageRow[]>`
          SELECT r."agentId"::text AS id, m.name AS name, count(*) AS count, avg(r.rating)::float AS average
          FROM "ViewingReview" r JOIN "TeamMember" m ON m.id = r."agentId"
          WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL ${filters}
          GROUP BY r."agentId", m.name ORDER BY average DESC, count DESC, m.name LIMIT 200`
      : await deps.db.$queryRaw<AverageRow[]>`
          SELECT r."listingId"::text AS id, coalesce(nullif(l.title, ''), l.reference) AS name, count(*) AS count,
            avg(r.rating)::float AS average
          FROM "ViewingReview" r JOIN "Listing" l ON l.id = r."listingId"
          WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL ${filters}
          GROUP BY r."listingId", l.title, l.reference ORDER BY average DESC, count DESC, name LIMIT 200`;
  return {
    by: query.by,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name ?? '',
      count: Number(row.count),
      average: Math.round(row.average * 100) / 100,
    })),
  };
}
