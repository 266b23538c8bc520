import {
  VIEWING_STATUS,
  type ViewingReviewInvitation,
  type ViewingReviewSubmit,
  ViewingReviewSubmitSchema,
  viewingReviewContract,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { DbTx } from '../../db/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { linkRefused, readReviewLink } from './review-link.js';

// The public review page's calls (docs/api.md 'Viewing reviews'): no login, the mailed link's token instead. A
// review is taken under the viewing's row lock, once (the table's one review per viewing is the last word).

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env'> & Partial<Pick<AppDeps, 'events' | 'redis' | 'jobs'>>;

const VIEWING = {
  id: true,
  companyId: true,
  assetId: true,
  leadId: true,
  customerId: true,
  listingId: true,
  projectId: true,
  agentId: true,
  status: true,
  startsAt: true,
  customer: { select: { fullName: true } },
  agent: { select: { name: true } },
  listing: { select: { reference: true, title: true } },
  project: { select: { name: true } },
  review: { select: { id: true } },
} as const;

/** The viewing a link names, as the page may review it: 404 when it is gone, 409 when reviewed or not done. */
async function reviewableViewing(db: Pick<DbTx, 'viewing'>, viewingId: string) {
  const viewing = await db.viewing.findUnique({ where: { id: viewingId }, select: VIEWING });
  if (!viewing) throw linkRefused('invalid');
  if (viewing.review) throw linkRefused('reviewed');
  if (viewing.status !== VIEWING_STATUS.DONE) throw linkRefused('notDone');
  return viewing;
}

/** GET /api/public/v1/viewing-reviews/{token}: whom and what the viewing was with, for the page to name. */
export async function reviewInvitation(deps: Deps, token: string): Promise<ViewingReviewInvitation> {
  const link = readReviewLink(deps.env, token, deps.clock.now());
  const viewing = await reviewableViewing(deps.db, link.viewingId);
  const company = await deps.db.company.findUniqueOrThrow({ where: { id: viewing.companyId }, select: { name: true } });
  return {
    company: company.name,
    customerName: viewing.customer?.fullName ?? null,
    agentName: viewing.agent?.name ?? null,
    subject: viewing.listing?.title || viewing.listing?.reference || viewing.project?.name || null,
    viewedAt: viewing.startsAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** POST /api/public/v1/viewing-reviews/{token}: the review, its activity row and its event, or the link's refusal. */
export async function submitViewingReview(deps: Deps, input: ViewingReviewSubmit & { token: string }) {
  const link = readReviewLink(deps.env, input.token, deps.clock.now());
  const body = ViewingReviewSubmitSchema.parse({ rating: input.rating, comment: input.comment, language: input.language });
  try {
    return await withUnitOfWork(deps, null, async (uow) => {
      await uow.lock('Viewing', link.viewingId);
      const viewing = await reviewableViewing(uow.tx, link.viewingId);
      const review = await uow.tx.viewingReview.create({
        data: {
          companyId: viewing.companyId,
          assetId: viewing.assetId,
          viewingId: viewing.id,
          leadId: viewing.leadId,
          agentId: viewing.agentId,
          customerId: viewing.customerId,
          listingId: viewing.listingId,
          projectId: viewing.projectId,
          rating: body.rating,
          comment: body.comment || null,
          language: body.language,
          createdAt: uow.now,
        },
      });
      uow.activity({
        userId: null,
        companyId: viewing.companyId,
        assetId: viewing.assetId,
        action: 'create',
        subjectType: viewingReviewContract.name,
        subjectId: review.id,
        after: { viewing: viewing.id, rating: review.rating, comment: review.comment, language: review.language },
      });
      uow.event({
        type: 'viewing_review.submitted',
        companyId: viewing.companyId,
        assetId: viewing.assetId,
        subject: { type: viewingReviewContract.name, id: review.id },
        payload: {
          reviewId: review.id,
          viewingId: viewing.id,
          assetId: viewing.assetId,
          leadId: viewing.leadId,
          agentId: viewing.agentId,
          rating: review.rating,
          at: uow.now.toISOString(),
        },
      });
      return { rating: review.rating, submittedAt: uow.now.toISOString() };
    });
  } catch (error) {
    // Two submissions racing past the lock's read: the table keeps one, the other hears it was reviewed.
    if (isUniqueViolation(error)) throw linkRefused('reviewed');
    throw error;
  }
}
