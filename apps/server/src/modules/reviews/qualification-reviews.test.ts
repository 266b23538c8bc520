import { PERMISSIONS as P, QUALIFICATION_REVIEW_MESSAGES as M, UNRESPONSIVE_FEEDBACK } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, type LeadWorld, leadPayload } from '../leads/testing.js';

// Qualification reviews over real PostgreSQL (docs/product.md 'Qualification reviews'): one per lead however many
// are sent at once, written by the lead's agent or a manager, changed by its author or a manager; the lead gives
// its customer, agent, subject and qualification time; 'Unresponsive' when rated 0 without feedback; the agent's
// rating follows; an agent sees only the reviews of their leads.

let ctx: TestContext;
let world: LeadWorld;
type Headers = { authorization: string };
let manager: Headers;
let ann: Headers;
let bob: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx);
  const role = await createRole(ctx, [P.LEAD_REVIEWS_REPORT_VIEW, P.LEADS_REPORT_VIEW, P.LEAD_UPDATE], { company: world.company });
  manager = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  ann = await world.agents[0].headers();
  bob = await world.agents[1].headers();
});
afterAll(async () => ctx?.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });

/** A new lead of the world's first agent (manual assignment), with a time to qualify of 42 minutes. */
async function leadIn(of: LeadWorld): Promise<string> {
  const customer = await of.customer();
  const payload = leadPayload(of, customer.id, { isManualAssignment: true, agent: of.agents[0].member.id });
  const res = await api('POST', 'properties/leads/create', await of.manager.headers(), payload);
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { _id: string } }).data._id;
  await ctx.db.lead.update({ where: { id }, data: { timeToQualify: 42 } });
  return id;
}
const leadOfAnn = () => leadIn(world);

describe('qualification reviews', () => {
  it("takes the lead's customer, agent, subject and time to qualify; rated 0 without feedback it reads Unresponsive", async () => {
    const leadId = await leadOfAnn();
    const res = await api('POST', 'reviews/qualification', ann, { lead: leadId, rating: 0, category: 'Unresponsive' });
    expect(res.statusCode, res.body).toBe(201);
    const lead = await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    const row = await ctx.db.leadReview.findUniqueOrThrow({ where: { leadId } });
    expect(row).toMatchObject({
      customerId: lead.customerId,
      agentId: world.agents[0].member.id,
      subjectType: 'Lead',
      subject: `Lead ${lead.leadID}`,
      qualificationTime: 42,
      feedback: UNRESPONSIVE_FEEDBACK,
    });
    expect(await ctx.db.activityLog.count({ where: { subjectId: row.id, action: 'create' } })).toBe(1);
    // Rated now, with words: the feedback is the reviewer's, and the agent's rating follows.
    const rated = await api('PATCH', `reviews/qualification/${row.id}`, ann, { rating: 4, category: 'Qualified' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await ctx.db.leadReview.findUniqueOrThrow({ where: { id: row.id } })).feedback).toBeNull();
    const ratings = await ctx.db.memberRating.findMany({ where: { sourceId: row.id } });
    expect(ratings.map((r) => [r.memberId, r.rating])).toEqual([[world.agents[0].member.id, 4]]);
  });

  it('keeps one review per lead, also when many are sent at once', async () => {
    const leadId = await leadOfAnn();
    const sent = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api('POST', 'reviews/qualification', manager, { lead: leadId, rating: i + 1 })),
    );
    expect(sent.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await ctx.db.leadReview.count({ where: { leadId } })).toBe(1);
    const again = await api('POST', 'reviews/qualification', manager, { lead: leadId, rating: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.oneReviewPerLead);
  });

  it("lets only the lead's agent or a manager review it, and only its author or a manager change it", async () => {
    const leadId = await leadOfAnn();
    const byBob = await api('POST', 'reviews/qualification', bob, { lead: leadId, rating: 5 });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().message).toBe(M.mayNotReview);
    const byAnn = await api('POST', 'reviews/qualification', ann, { lead: leadId, rating: 3, feedback: 'Budget unclear' });
    expect(byAnn.statusCode, byAnn.body).toBe(201);
    const id = (byAnn.json() as { data: { _id: string } }).data._id;
    // Bob does not see it at all; the manager changes it; Ann does too.
    expect((await api('PATCH', `reviews/qualification/${id}`, bob, { rating: 1 })).statusCode).toBe(404);
    const listed = await api('GET', `reviews/qualification?filter=${encodeURIComponent(JSON.stringify({ limit: 100 }))}`, bob);
    expect((listed.json() as { data: { _id: string }[] }).data.map((r) => r._id)).not.toContain(id);
    expect((await api('PATCH', `reviews/qualification/${id}`, manager, { status: 'Completed' })).statusCode).toBe(200);
    expect((await api('PATCH', `reviews/qualification/${id}`, ann, { rating: 4 })).statusCode).toBe(200);
    expect(await ctx.db.leadReview.findUniqueOrThrow({ where: { id } })).toMatchObject({ rating: 4, status: 'Completed' });
  });

  it('refuses a rating outside 0-5 and a lead of another asset with the field message, storing nothing', async () => {
    const leadId = await leadOfAnn();
    const bad = await api('POST', 'reviews/qualification', manager, { lead: leadId, rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ rating: [M.rating] });
    const other = await createLeadWorld(ctx, { assetName: 'Elsewhere' });
    const theirs = await leadIn(other);
    const foreign = await api('POST', 'reviews/qualification', manager, { lead: theirs, rating: 3 });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().data)).toEqual(['lead']);
    expect(await ctx.db.leadReview.count({ where: { leadId: { in: [leadId, theirs] } } })).toBe(0);
  });

  it('lists them for the report by rating and agent, populated, and exports them in the report order', async () => {
    const query = { query: { rating: { $gte: 4 }, agent: world.agents[0].member.id }, populate: ['lead', 'agent'], limit: 100 };
    const res = await api('GET', `reviews/qualification?filter=${encodeURIComponent(JSON.stringify(query))}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { data: { rating: number; agent: { name: string }; lead: { leadID: string } }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.rating >= 4 && row.agent.name === 'Agent Ann' && row.lead.leadID)).toBe(true);
    const csv = await api('GET', 'reviews/qualification/export?format=csv', manager);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Created At,Lead ID,Customer,Agent,Subject,Subject Type,Category,Rating,Feedback,Status');
  });
});
