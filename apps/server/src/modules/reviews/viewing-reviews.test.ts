import { DISPUTE_STATE_LABELS, VIEWING_REVIEW_MESSAGES as M, VIEWING_REVIEW_PAGE } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createViewingWorld, fromNow, requestViewingFeedback, type ViewingWorld } from '../viewings/testing.js';
import { readReviewLink, signReviewLink } from './review-link.js';

// Viewing reviews over real PostgreSQL and Redis: the feedback mail's signed link opens the public page's calls, which
// take one review per viewing that was done (concurrent submissions too), refuse forged, altered, expired and reused
// links in the error envelope; the agent disputes, a manager upholds or removes (the activity log keeps it), a low
// rating tells the agent's manager, and the averages follow what is left.

let ctx: TestContext;
let world: ViewingWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createViewingWorld(ctx);
});
afterAll(async () => ctx?.close());

const PUBLIC = '/api/public/v1/viewing-reviews';
const open = (token: string) => ctx.app.inject({ method: 'GET', url: `${PUBLIC}/${encodeURIComponent(token)}` });
const send = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: `${PUBLIC}/${encodeURIComponent(token)}`, payload });

/** A viewing of a new lead (agent Ann) a day ago, marked done, and the token of its feedback mail's link. */
async function doneViewing(): Promise<{ viewingId: string; leadId: string; token: string }> {
  const { leadId, email } = await world.lead();
  const created = await world.api('POST', 'viewings', { lead: leadId, startsAt: fromNow(-1) });
  const viewingId: string = created.json().data._id;
  expect((await world.api('PATCH', `viewings/${viewingId}`, { status: 'done' })).statusCode).toBe(200);
  expect(await requestViewingFeedback(ctx.app.deps, viewingId)).toEqual({ requested: true });
  const text = ctx.mailer.last(email)?.text ?? '';
  const token = decodeURIComponent(/viewing-review\?token=([^\s&]+)/.exec(text)?.[1] ?? '');
  expect(text).toContain(new URL(VIEWING_REVIEW_PAGE.link(token, 'ar'), ctx.app.deps.env.APP_URL).toString());
  return { viewingId, leadId, token };
}

describe('the review link', () => {
  it('is signed: it reads back its viewing and end, and refuses an altered, forged or ended one', () => {
    const env = ctx.app.deps.env;
    const viewingId = '0190b8f4-3c1e-7a00-8000-000000000001';
    const expiresAt = new Date(Date.now() + 3_600_000);
    const token = signReviewLink(env, { viewingId, expiresAt });
    expect(readReviewLink(env, token, new Date())).toEqual({
      viewingId,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
    });
    const [payload, signature] = token.split('.');
    const other = Buffer.from(`0190b8f4-3c1e-7a00-8000-000000000002.${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
    expect(() => readReviewLink(env, `${other}.${signature}`, new Date())).toThrow(M.linkInvalid);
    expect(() => readReviewLink(env, `${payload}.${'A'.repeat(43)}`, new Date())).toThrow(M.linkInvalid);
    expect(() => readReviewLink({ JWT_SECRET: 'another-server-secret-of-enough-length-000' }, token, new Date())).toThrow(M.linkInvalid);
    expect(() => readReviewLink(env, 'not-a-token', new Date())).toThrow(M.linkInvalid);
    expect(() => readReviewLink(env, token, new Date(expiresAt.getTime() + 1000))).toThrow(M.linkExpired);
  });

  it("lasts the Viewing settings' review link days from the mail", async () => {
    const saved = await world.api('PATCH', `assets/${world.asset.id}/viewing-settings`, {
      defaultDurationMinutes: 30,
      reminderMinutesBefore: [60],
      feedbackDelayHours: 0,
      reviewLinkDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { token } = await doneViewing();
    const { expiresAt } = readReviewLink(ctx.app.deps.env, token, new Date());
    expect(Math.abs(expiresAt.getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
    const refused = await world.api('PATCH', `assets/${world.asset.id}/viewing-settings`, {
      ...saved.json().data.viewing,
      reviewLinkDays: 0,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the public review page', () => {
  it('names the viewing, takes one review, logs it, and then answers that it was reviewed', async () => {
    const { viewingId, leadId, token } = await doneViewing();
    const invitation = await open(token);
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect(invitation.json().data).toMatchObject({ agentName: 'Agent Ann', company: world.company.name });

    for (const rating of [0, 6, 2.5, '5']) {
      const bad = await send(token, { rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await ctx.db.viewingReview.count({ where: { viewingId } })).toBe(0);

    const sent = await send(token, { rating: 4, comment: 'Lovely flat, agent on time', language: 'ar' });
    expect(sent.statusCode, sent.body).toBe(201);
    const review = await ctx.db.viewingReview.findUniqueOrThrow({ where: { viewingId } });
    expect(review).toMatchObject({ leadId, agentId: world.agents[0].member.id, listingId: world.listing.id, rating: 4, language: 'ar' });
    const logged = await ctx.db.activityLog.findMany({ where: { subjectType: 'viewingReviews', subjectId: review.id } });
    expect(logged.map((row) => [row.action, row.userId])).toEqual([['create', null]]);

    const again = await send(token, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: M.alreadyReviewed, data: { reason: 'reviewed' } });
    expect((await open(token)).json()).toMatchObject({ data: { reason: 'reviewed' } });
    expect(await ctx.db.viewingReview.count({ where: { viewingId } })).toBe(1);
  });

  it('keeps one review of ten concurrent submissions', async () => {
    const { viewingId, token } = await doneViewing();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(token, { rating: (i % 5) + 1 })));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(9);
    expect(await ctx.db.viewingReview.count({ where: { viewingId } })).toBe(1);
  });

  it('refuses a viewing not done, a forged and an expired link, in the envelope, storing nothing', async () => {
    const { leadId } = await world.lead();
    const viewingId: string = (await world.api('POST', 'viewings', { lead: leadId, startsAt: fromNow(-1) })).json().data._id;
    const notDone = signReviewLink(ctx.app.deps.env, { viewingId, expiresAt: new Date(Date.now() + 60_000) });
    expect((await send(notDone, { rating: 5 })).json()).toMatchObject({ code: 'CONFLICT', data: { reason: 'notDone' } });
    const forged = `${notDone.split('.')[0]}.${'x'.repeat(43)}`;
    const refused = await send(forged, { rating: 5 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: M.linkInvalid, data: { reason: 'invalid' } });
    const ended = signReviewLink(ctx.app.deps.env, { viewingId, expiresAt: new Date(Date.now() - 1000) });
    expect((await open(ended)).json()).toMatchObject({ code: 'CONFLICT', message: M.linkExpired, data: { reason: 'expired' } });
    expect(await ctx.db.viewingReview.count({ where: { viewingId } })).toBe(0);
  });
});

describe('a low rating, the dispute and the averages', () => {
  it("tells the agent's manager of a rating of 2 or less, once, and not of a better one", async () => {
    const managerUser = world.manager.member.userId ?? '';
    const bell = () => ctx.db.staffNotification.count({ where: { userId: managerUser, kind: 'viewingReviewLow' } });
    const before = await bell();
    const good = await doneViewing();
    expect((await send(good.token, { rating: 3 })).statusCode).toBe(201);
    const low = await doneViewing();
    expect((await send(low.token, { rating: 2, comment: 'Agent was late' })).statusCode).toBe(201);
    await expect.poll(bell).toBe(before + 1);
    const note = await ctx.db.staffNotification.findFirstOrThrow({
      where: { userId: managerUser, kind: 'viewingReviewLow' },
      orderBy: { createdAt: 'desc' },
    });
    expect(note.leadId).toBe(low.leadId);
  });

  it('lets only the agent dispute, once, and a manager remove it: gone from the list, kept in the log', async () => {
    const { viewingId, token } = await doneViewing();
    expect((await send(token, { rating: 1, comment: 'Never showed up' })).statusCode).toBe(201);
    const review = await ctx.db.viewingReview.findUniqueOrThrow({ where: { viewingId } });
    const ann = await world.agents[0].headers();
    const bob = await world.agents[1].headers();
    const call = (headers: { authorization: string }, path: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/reviews/viewings/${review.id}/${path}`, headers, payload });

    // Ann sees her own review; Bob, who is not its agent, neither sees nor disputes it.
    const read = (headers: { authorization: string }) =>
      ctx.app.inject({ method: 'GET', url: `/api/reviews/viewings/${review.id}`, headers });
    expect((await read(ann)).statusCode).toBe(200);
    expect((await read(bob)).statusCode).toBe(404);
    const notHis = await call(bob, 'dispute', { reason: 'Not me' });
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toMatchObject({ code: 'FORBIDDEN', message: M.notTheAgent });
    expect((await call(ann, 'dispute', { reason: ' ' })).statusCode).toBe(400);
    // Ann may not rule on it herself.
    expect((await call(ann, 'resolve', { outcome: 'remove' })).statusCode).toBe(403);

    const disputed = await call(ann, 'dispute', { reason: 'The customer cancelled; I waited an hour' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().data).toMatchObject({ disputeState: 'disputed', disputeReason: 'The customer cancelled; I waited an hour' });
    expect((await call(ann, 'dispute', { reason: 'Again' })).json()).toMatchObject({ code: 'CONFLICT', message: M.alreadyDisputed });

    const removed = await call(world.admin, 'resolve', { outcome: 'remove', note: 'The customer cancelled' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ disputeState: 'removed', resolutionNote: 'The customer cancelled' });
    expect(DISPUTE_STATE_LABELS[removed.json().data.disputeState as 'removed']).toBe('Removed');
    const list = await world.api('GET', `reviews/viewings?filter=${encodeURIComponent(JSON.stringify({ query: { viewing: viewingId } }))}`);
    expect(list.json().data).toEqual([]);
    const logged = await ctx.db.activityLog.findMany({
      where: { subjectType: 'viewingReviews', subjectId: review.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(logged.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect((await call(world.admin, 'resolve', { outcome: 'uphold' })).statusCode).toBe(404);
  });

  it('averages per agent and per listing over what is not removed, and a manager upholds a dispute', async () => {
    const averages = async (by: 'agent' | 'listing') =>
      (await world.api('GET', `reviews/viewings/averages?by=${by}&agent=${world.agents[0].member.id}`)).json().data.rows;
    const live = await ctx.db.viewingReview.findMany({ where: { agentId: world.agents[0].member.id, deletedAt: null } });
    const expected = Math.round((live.reduce((sum, row) => sum + row.rating, 0) / live.length) * 100) / 100;
    expect(await averages('agent')).toEqual([{ id: world.agents[0].member.id, name: 'Agent Ann', count: live.length, average: expected }]);
    expect((await averages('listing'))[0]).toMatchObject({ id: world.listing.id, count: live.length, average: expected });

    const { viewingId, token } = await doneViewing();
    expect((await send(token, { rating: 2 })).statusCode).toBe(201);
    const review = await ctx.db.viewingReview.findUniqueOrThrow({ where: { viewingId } });
    const ann = await world.agents[0].headers();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/viewings/${review.id}/dispute`,
      headers: ann,
      payload: { reason: 'Unfair' },
    });
    const upheld = await world.api('POST', `reviews/viewings/${review.id}/resolve`, { outcome: 'uphold' });
    expect(upheld.json().data).toMatchObject({ disputeState: 'upheld' });
    expect((await averages('agent'))[0]?.count).toBe(live.length + 1);
  });
});
