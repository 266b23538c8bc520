import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, type RatingSummary } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../leads/testing.js';

// A qualification review's rating is a rating of the lead's agent (source 'qualification'), kept in step by the
// database whoever writes the review (the seed, an integration, the review screen to come): the ratings list, the
// ratings summary and the Brokers report follow it as it changes, and its moderation (hidden) stays the team's.

let ctx: TestContext;
let world: LeadWorld;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.MEMBERS_VIEW, P.BETTER_AGENT_REPORT_VIEW], { company: world.company });
  headers = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
});
afterAll(async () => ctx.close());

async function leadOfAnn() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; agent: { _id: string } };
}

async function summary(query: string): Promise<RatingSummary> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/teams/members/ratings/statistics/summary?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function brokersRating(memberId: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/teams/members/statistics/better-agent', headers });
  const row = (res.json().data.agents as { member: { _id: string }; ratingAverage: number | null; ratingCount: number }[]).find(
    (agent) => agent.member._id === memberId,
  );
  return row && [row.ratingAverage, row.ratingCount];
}

const ratingsOf = (leadId: string) => ctx.db.memberRating.findMany({ where: { leadId, source: 'qualification' } });

describe('ratings from qualification reviews', () => {
  it('a review with a rating becomes a rating of the agent; it follows the review, and goes with it', async () => {
    const [ann, bob] = [world.agents[0].member, world.agents[1].member];
    const lead = await leadOfAnn();
    const createdAt = new Date('2026-06-10T09:00:00.000Z');
    // The review names no agent: the lead's agent (Ann) is rated.
    const review = await ctx.db.leadReview.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        leadId: lead._id,
        rating: 4,
        category: 'qualified',
        feedback: 'Clear on the payment plan.',
        createdAt,
      },
    });
    const [rating] = await ratingsOf(lead._id);
    expect(rating).toMatchObject({
      memberId: ann.id,
      assetId: world.asset.id,
      sourceId: review.id,
      rating: 4,
      comment: 'Clear on the payment plan.',
      ratedAt: createdAt,
      hidden: false,
    });
    const june = 'from=2026-06-01T00:00:00.000Z&to=2026-06-30T23:59:59.999Z';
    expect((await summary(`${june}&member=${ann.id}`)).members).toEqual([
      {
        member: { _id: ann.id, name: 'Agent Ann', officeName: 'Marina' },
        count: 1,
        average: 4,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
      },
    ]);
    // Another month's range, or another member, does not see it.
    expect((await summary(`from=2026-07-01T00:00:00.000Z&member=${ann.id}`)).overall.count).toBe(0);
    expect((await summary(`${june}&member=${bob.id}`)).overall.count).toBe(0);
    expect(await brokersRating(ann.id)).toEqual([4, 1]);

    // The review changes: its rating follows; then it names Bob as the agent reviewed: the rating is his.
    await ctx.db.leadReview.update({ where: { id: review.id }, data: { rating: 2, feedback: 'Slow to call back.' } });
    expect(await ratingsOf(lead._id)).toEqual([expect.objectContaining({ id: rating?.id, rating: 2, comment: 'Slow to call back.' })]);
    expect(await brokersRating(ann.id)).toEqual([2, 1]);
    await ctx.db.leadReview.update({ where: { id: review.id }, data: { agentId: bob.id } });
    expect(await ratingsOf(lead._id)).toEqual([expect.objectContaining({ id: rating?.id, memberId: bob.id })]);
    expect(await brokersRating(ann.id)).toEqual([null, 0]);
    expect(await brokersRating(bob.id)).toEqual([2, 1]);

    // The team hides it: a later change of the review keeps it hidden (and out of the figures).
    const hide = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teams/members/ratings/${rating?.id}`,
      headers,
      payload: { hidden: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    await ctx.db.leadReview.update({ where: { id: review.id }, data: { rating: 5 } });
    expect(await ratingsOf(lead._id)).toEqual([expect.objectContaining({ rating: 5, hidden: true })]);
    expect(await brokersRating(bob.id)).toEqual([null, 0]);

    // 'Unresponsive' (rating 0) rates nobody; removing the review removes its rating.
    await ctx.db.leadReview.update({ where: { id: review.id }, data: { rating: 0, category: 'unresponsive' } });
    expect(await ratingsOf(lead._id)).toEqual([]);
    await ctx.db.leadReview.update({ where: { id: review.id }, data: { rating: 3 } });
    expect(await ratingsOf(lead._id)).toEqual([expect.objectContaining({ memberId: bob.id, rating: 3, hidden: false })]);
    await ctx.db.leadReview.delete({ where: { id: review.id } });
    expect(await ratingsOf(lead._id)).toEqual([]);
  });

  it('a rating typed by hand for the same lead stays beside the review’s own', async () => {
    const ann = world.agents[0].member;
    const lead = await leadOfAnn();
    const typed = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams/members/ratings',
      headers,
      payload: { member: ann.id, source: 'qualification', rating: 5, lead: lead._id },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    await ctx.db.leadReview.create({
      data: { companyId: world.company.id, assetId: world.asset.id, leadId: lead._id, agentId: ann.id, rating: 3 },
    });
    const ratings = await ratingsOf(lead._id);
    expect(ratings.map((r) => [r.rating, r.sourceId === null]).sort()).toEqual([
      [3, false],
      [5, true],
    ]);
  });
});
