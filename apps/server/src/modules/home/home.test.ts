import {
  type HomeCount,
  type HomeFigures,
  HomeFiguresSchema,
  leadHomeFigureOf,
  leadsBehindOf,
  PERMISSIONS as P,
  systemLogFigureOf,
} from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { runLeadSlaSweep } from '../leads/index.js';
import { createLeadWorld, leadPayload, type LeadWorld, movingClock } from '../leads/testing.js';

// Home's figures (docs/product.md 'Home') against a real lead engine: each section only for who may see it, and every
// count equal to the total of the list its link opens (the Leads report, the pool, System Logs).

// 12:00 in Dubai (the asset's zone): its day began at 20:00 UTC the day before.
const T0 = new Date('2026-11-22T08:00:00.000Z');
const clock = movingClock(T0);
let ctx: TestContext;
let world: LeadWorld;
type Headers = { authorization: string };
let adminEmail = '';
const leads: Record<'awaiting' | 'accepted' | 'claimed' | 'escalated', string> = { awaiting: '', accepted: '', claimed: '', escalated: '' };

async function createLead(overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await world.manager.headers(),
    payload: leadPayload(world, (await world.customer()).id, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { _id: string })._id;
}

async function post(url: string, headers: Headers) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/properties/leads/${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
}

async function home(headers: Headers): Promise<HomeFigures> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/home', headers });
  expect(res.statusCode, res.body).toBe(200);
  return HomeFiguresSchema.parse(res.json().data);
}

const paramsOf = (link: string) => new URL(link, 'http://home.test').searchParams;

/** The Leads report's total for the filter a Home link carries (as the report sends it). */
async function leadsListed(link: string, headers: Headers): Promise<number> {
  const params = paramsOf(link);
  const homeFigure = leadHomeFigureOf(params);
  const assignment = leadsBehindOf(params);
  const query = homeFigure ? { homeFigure } : { assignment };
  expect(homeFigure ?? assignment, link).not.toBeNull();
  const filter = encodeURIComponent(JSON.stringify({ query, limit: 5 }));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads?filter=${filter}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
}

async function expectListed(figure: HomeCount, headers: Headers, count: number) {
  expect(figure.count).toBe(count);
  expect(await leadsListed(figure.link, headers)).toBe(count);
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  world = await createLeadWorld(ctx);
  const adminRole = await createRole(ctx, [P.LEADS_REPORT_VIEW, P.LEAD_SETTING_VIEW, P.SUPER_ACCESS], { company: world.company });
  adminEmail = (await createUser(ctx, { role: adminRole, assets: [world.asset] })).email;
  const [ann, bob] = world.agents;

  // Listing leads go to the listing's agent, Ann. Two lapse into the pool 30 minutes later (SLA breaches); Bob claims
  // one (a fresh SLA, which lapses too), the other lapses past the pool to the manager (an escalation).
  clock.set(T0);
  leads.claimed = await createLead();
  leads.escalated = await createLead();
  clock.advanceMinutes(31);
  await runLeadSlaSweep(ctx.app.deps);
  await post(`pool/${leads.claimed}/claim`, await bob.headers());
  clock.advanceMinutes(124);
  await runLeadSlaSweep(ctx.app.deps);
  // One waits for Ann's acceptance, one she accepted after 5 minutes.
  clock.advanceMinutes(5);
  leads.awaiting = await createLead();
  leads.accepted = await createLead();
  clock.advanceMinutes(5);
  await post(`accept/${leads.accepted}`, await ann.headers());
  clock.advanceMinutes(5);

  // System Logs: two failed jobs and an integration error today; one job yesterday and another company's do not count.
  const companyId = world.company.id;
  const other = await createRole(ctx, [], {});
  await ctx.db.systemLog.createMany({
    data: [
      { companyId, source: 'job', event: 'job.failed', message: 'a', createdAt: new Date('2026-11-22T07:00:00.000Z') },
      { companyId, source: 'job', event: 'job.failed', message: 'b', createdAt: new Date('2026-11-21T20:30:00.000Z') },
      { companyId, source: 'integration', event: 'integration.error', message: 'c', createdAt: new Date('2026-11-22T06:00:00.000Z') },
      { companyId, source: 'job', event: 'job.failed', message: 'yesterday', createdAt: new Date('2026-11-21T19:59:00.000Z') },
      { companyId, source: 'http', event: 'http.failed', message: 'not a job', createdAt: new Date('2026-11-22T07:00:00.000Z') },
      { companyId: other.companyId, source: 'job', event: 'job.failed', message: 'other', createdAt: new Date('2026-11-22T07:00:00.000Z') },
    ],
  });
});
afterAll(async () => ctx.close());

describe('GET /api/home', () => {
  it("answers an agent's leads awaiting acceptance with their SLA end, and the pool they may claim", async () => {
    const ann = world.agents[0];
    const figures = await home(await ann.headers());
    expect(figures).toMatchObject({ timezone: world.asset.timezone, team: null, asset: null, system: null });
    const mine = figures.myLeads;
    if (!mine) throw new Error('no agent section');
    expect(mine.member._id).toBe(ann.member.id);
    await expectListed(mine.awaitingAcceptance, await ann.headers(), 1);
    expect(mine.awaitingAcceptance.leads).toEqual([
      expect.objectContaining({ _id: leads.awaiting, initialSlaEndDate: new Date(T0.getTime() + 190 * 60_000).toISOString() }),
    ]);
    // The pool's own list (GET pool) holds what Home counts: the claimed lead, back in the pool after Bob let it lapse.
    const pool = await ctx.app.inject({ method: 'GET', url: '/api/properties/leads/pool', headers: await ann.headers() });
    expect(pool.json().meta.total).toBe(1);
    expect(mine.pool).toEqual({ count: 1, link: '/reports/my-leads?tab=pool' });
  });

  it("answers a manager's team: today's breaches and escalations, new leads by source, response times", async () => {
    const headers = await world.manager.headers();
    const figures = await home(headers);
    // The manager takes no automatic leads, so no pool; the lead escalated to her awaits her acceptance.
    expect(figures.myLeads?.pool).toBeNull();
    await expectListed(figures.myLeads?.awaitingAcceptance ?? { count: -1, link: '' }, headers, 1);
    expect(figures.asset).toBeNull();
    expect(figures.system).toBeNull();
    const team = figures.team;
    if (!team) throw new Error('no team section');
    expect(team.members).toBe(3);
    expect(team.today).toEqual({ from: '2026-11-21T20:00:00.000Z', to: clock.now().toISOString() });
    // Bob's claimed lead lapsed again (his SLA ended unaccepted); the escalated one is the manager's now, not the team's.
    await expectListed(team.slaBreachesToday, headers, 1);
    await expectListed(team.escalationsToday, headers, 1);
    expect(team.newLeadsBySource).toHaveLength(1);
    const website = team.newLeadsBySource[0];
    expect(website?.source).toBe('Website');
    await expectListed(website?.thisMonth ?? { count: -1, link: '' }, headers, 3);
    await expectListed(website?.lastMonth ?? { count: -1, link: '' }, headers, 0);
    const times = new Map(team.responseTimes.map((row) => [row.member._id, row]));
    const ann = times.get(world.agents[0].member.id);
    expect(ann?.averageResponseTime).toBe(5);
    expect(await leadsListed(ann?.acceptedLink ?? '', headers)).toBe(1);
    expect(times.get(world.agents[1].member.id)?.averageResponseTime).toBeNull();
    expect(times.has(world.manager.member.id)).toBe(false);
  });

  it("answers the whole asset and today's System Logs to who may see them", async () => {
    // Signed in now: the clock moved past the first hour's tokens.
    const admin = await loginAs(ctx, adminEmail);
    const figures = await home(admin);
    expect(figures.myLeads).toBeNull();
    expect(figures.team).toBeNull();
    const asset = figures.asset;
    if (!asset) throw new Error('no asset section');
    // The escalated lead breached its SLA too: the asset counts it whoever holds it now.
    await expectListed(asset.slaBreachesToday, admin, 2);
    await expectListed(asset.escalationsToday, admin, 1);
    await expectListed(asset.newLeadsBySource[0]?.thisMonth ?? { count: -1, link: '' }, admin, 4);
    expect(asset.responseTimes.map((row) => row.member.name)).toContain('Manager Mia');

    const system = figures.system;
    if (!system) throw new Error('no system section');
    for (const [figure, count] of [
      [system.failedJobs, 2],
      [system.integrationErrors, 1],
    ] as const) {
      expect(figure.count).toBe(count);
      const shown = systemLogFigureOf(paramsOf(figure.link));
      if (!shown) throw new Error(`${figure.link} carries no figure`);
      // The query the System Logs screen sends for it.
      const query = { source: { $in: shown.sources }, createdAt: { $gte: shown.from, $lte: shown.to } };
      const filter = encodeURIComponent(JSON.stringify({ query, limit: 5 }));
      const res = await ctx.app.inject({ method: 'GET', url: `/api/system-logs?filter=${filter}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(count);
    }
  });

  it('counts the open leads with no task still to do and no viewing ahead, as the Leads report lists them', async () => {
    const ann = world.agents[0];
    const writer = await world.manager.headers();
    const idle = async () => {
      const figures = await home(await ann.headers());
      const figure = figures.myLeads?.noNextActivity;
      if (!figure) throw new Error('no agent section');
      expect(await leadsListed(figure.link, await ann.headers())).toBe(figure.count);
      return figure.count;
    };
    const before = await idle();
    expect(before).toBe(2);
    const task = async (lead: string, dueInMinutes: number, done = false) => {
      const due = new Date(clock.now().getTime() + dueInMinutes * 60_000).toISOString();
      const body = { type: 'task', subject: 'Call back', lead, dueAt: due, ...(done ? { doneAt: clock.now().toISOString() } : {}) };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/activities', headers: writer, payload: body });
      expect(res.statusCode, res.body).toBe(201);
    };
    // An overdue task, a done one and a call are not a next activity; a task due tomorrow is.
    await task(leads.awaiting, -60);
    await task(leads.awaiting, 60 * 24, true);
    const call = await ctx.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: writer,
      payload: { type: 'call', subject: 'Hi', lead: leads.awaiting },
    });
    expect(call.statusCode, call.body).toBe(201);
    expect(await idle()).toBe(before);
    await task(leads.awaiting, 60 * 24);
    expect(await idle()).toBe(before - 1);
    // A viewing scheduled ahead is a next activity too; once cancelled it is not.
    const startsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const viewing = await ctx.app.inject({
      method: 'POST',
      url: '/api/viewings',
      headers: writer,
      payload: { lead: leads.accepted, startsAt },
    });
    expect(viewing.statusCode, viewing.body).toBe(201);
    expect(await idle()).toBe(before - 2);
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/viewings/${viewing.json().data._id}`,
      headers: writer,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await idle()).toBe(before - 1);
    // The team's figure counts the same way, as of the same moment.
    const team = (await home(await world.manager.headers())).team?.noNextActivity;
    expect(team && (await leadsListed(team.link, await world.manager.headers()))).toBe(team?.count);
  });

  it('answers no section to a caller who may read no lead nor log', async () => {
    expect(await home(await loginAs(ctx, world.outsiderEmail))).toMatchObject({ myLeads: null, team: null, asset: null, system: null });
  });

  it('refuses a Home figure filter that does not read', async () => {
    const filter = encodeURIComponent(JSON.stringify({ query: { homeFigure: { figure: 'won' } } }));
    const headers = await loginAs(ctx, adminEmail);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads?filter=${filter}`, headers });
    expect(res.statusCode).toBe(400);
  });
});
