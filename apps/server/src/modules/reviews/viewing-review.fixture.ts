import type { Post, ResourceFixture } from '../../resources/resource-fixture.js';
import { postLead } from '../../resources/resource-fixture-kit.js';

// Test-only: a customer's review of a done viewing for the tests that walk every resource (resources/resource-fixtures.ts
// lists it). Only the public page writes one, so the viewing is made through the API and the review inserted.
let made = 0;

export const viewingReviewFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    made += 1;
    const post: Post = async (path, body) => {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: world.admin.headers, payload: body });
      if (res.statusCode !== 201) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { _id: string } }).data._id;
    };
    const viewingId = await post('viewings', { lead: await postLead(post, 950 + made), startsAt: '2026-03-01T10:00:00.000Z' });
    const viewing = await ctx.db.viewing.update({ where: { id: viewingId }, data: { status: 'done' } });
    const review = await ctx.db.viewingReview.create({
      data: {
        companyId: viewing.companyId,
        assetId: viewing.assetId,
        viewingId,
        leadId: viewing.leadId,
        agentId: viewing.agentId,
        customerId: viewing.customerId,
        listingId: viewing.listingId,
        rating: 4,
        comment: 'A bright flat, a punctual agent',
      },
    });
    return review.id;
  },
};
