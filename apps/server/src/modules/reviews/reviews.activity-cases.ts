import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import { signReviewLink } from './review-link.js';
import { viewingReviewFixture } from './viewing-review.fixture.js';

// Test-only: the activity route table's cases of the viewing reviews' own calls (the public page's review, the
// dispute and the ruling), for resources/activity-log-routes.test.ts.

/** A review of the fixture; `agentIsAdmin`: its viewing's agent is the admin's own member (only the agent disputes). */
async function review(kit: RouteKit, how: { agentIsAdmin?: boolean; disputed?: boolean }): Promise<string> {
  const id = await viewingReviewFixture.insert?.(kit.ctx, kit.world);
  if (!id) throw new Error('no review');
  const { agentId } = await kit.ctx.db.viewingReview.findUniqueOrThrow({ where: { id } });
  if (how.agentIsAdmin && agentId) {
    await kit.ctx.db.teamMember.updateMany({
      where: { userId: kit.world.admin.userId, assetId: kit.world.assetA.id },
      data: { userId: null },
    });
    await kit.ctx.db.teamMember.update({ where: { id: agentId }, data: { userId: kit.world.admin.userId } });
  }
  if (how.disputed) await kit.ctx.db.viewingReview.update({ where: { id }, data: { disputeState: 'disputed', disputeReason: 'Unfair' } });
  return id;
}

export const REVIEW_CASES: Readonly<Record<string, RouteCase>> = {
  'viewingReviews.submit': async (kit) => {
    const id = await viewingReviewFixture.insert?.(kit.ctx, kit.world);
    if (!id) throw new Error('no review');
    // The fixture's viewing, without its review: the public page takes a new one.
    const { viewingId } = await kit.ctx.db.viewingReview.delete({ where: { id } });
    const token = signReviewLink(kit.ctx.app.deps.env, { viewingId, expiresAt: new Date(Date.now() + 3_600_000) });
    return {
      send: () => kit.admin.post(`public/v1/viewing-reviews/${token}`, { rating: 5, comment: 'Great' }),
      anonymous: true,
      rows: async () => {
        const review = await kit.ctx.db.viewingReview.findUniqueOrThrow({ where: { viewingId } });
        return [{ subjectType: 'viewingReviews', subjectId: review.id, action: 'create' }];
      },
    };
  },
  'viewingReviews.dispute': async (kit) => {
    const id = await review(kit, { agentIsAdmin: true });
    return {
      send: () => kit.admin.post(`reviews/viewings/${id}/dispute`, { reason: 'The customer came late' }),
      rows: () => [{ subjectType: 'viewingReviews', subjectId: id, action: 'update' }],
    };
  },
  'viewingReviews.resolve': async (kit) => {
    const id = await review(kit, { disputed: true });
    return {
      send: () => kit.admin.post(`reviews/viewings/${id}/resolve`, { outcome: 'remove', note: 'Agreed' }),
      rows: () => [{ subjectType: 'viewingReviews', subjectId: id, action: 'delete' }],
    };
  },
};
