import {
  ACTIVITY_BUCKETS,
  ACTIVITY_CALL_MESSAGES as M,
  type ActivityBucket,
  type ActivityBuckets,
  ActivityBucketsSchema,
  activitiesViewOf,
  activityBucketQuery,
  HomeFiguresSchema,
  PERMISSIONS as P,
} from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, type LeadWorld, movingClock } from '../leads/testing.js';

// GET activities/buckets (docs/api.md 'Activities') over real PostgreSQL: the buckets at the edges of the asset's day in
// Dubai (UTC+4), an agent's own and a manager's team, the whole asset for who sets its lead engine, another asset's rows
// never counted, and every count equal to the total of the list its link opens.

// 12:00 in Dubai: the asset's day runs from 2026-11-21T20:00Z to 2026-11-22T19:59:59.999Z.
const T0 = new Date('2026-11-22T08:00:00.000Z');
const DAY_FROM = '2026-11-21T20:00:00.000Z';
const DAY_TO = '2026-11-22T19:59:59.999Z';
let ctx: TestContext;
let world: LeadWorld;
let other: LeadWorld;
let adminHeaders: { authorization: string };
type Headers = { authorization: string };

type Row = {
  agentId: string | null;
  subject: string;
  dueAt?: string;
  doneAt?: string;
  deletedAt?: Date;
  assetId?: string;
  companyId?: string;
};

async function insert(rows: Row[]) {
  await ctx.db.activity.createMany({
    data: rows.map(({ dueAt, doneAt, ...row }) => ({
      companyId: world.company.id,
      assetId: world.asset.id,
      type: 'task',
      ...row,
      ...(dueAt ? { dueAt: new Date(dueAt) } : {}),
      ...(doneAt ? { doneAt: new Date(doneAt) } : {}),
    })),
  });
}

async function buckets(headers: Headers, query = 'scope=mine') {
  return ctx.app.inject({ method: 'GET', url: `/api/activities/buckets?${query}`, headers });
}

async function bucketsOk(headers: Headers, query?: string): Promise<ActivityBuckets> {
  const res = await buckets(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return ActivityBucketsSchema.parse(res.json().data);
}

const counts = (answer: ActivityBuckets) => Object.fromEntries(ACTIVITY_BUCKETS.map((b) => [b, answer.counts[b].count]));

/** The generic list's total for a bucket as the screen asks for it (the answer's agents, its instants). */
async function listed(answer: ActivityBuckets, bucket: ActivityBucket, headers: Headers): Promise<number> {
  const day = { now: answer.asOf, ...answer.today };
  const agents = answer.agents ? { agent: { $in: answer.agents.map((agent) => agent._id) } } : {};
  const filter = encodeURIComponent(JSON.stringify({ query: { ...agents, ...activityBucketQuery(bucket, day) }, limit: 1 }));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/activities?filter=${filter}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock: movingClock(T0) });
  world = await createLeadWorld(ctx);
  other = await createLeadWorld(ctx, { assetName: 'Other asset' });
  const adminRole = await createRole(ctx, [P.LEADS_REPORT_VIEW, P.LEAD_SETTING_VIEW], { company: world.company });
  adminHeaders = await loginAs(ctx, (await createUser(ctx, { role: adminRole, assets: [world.asset] })).email);
  const [ann, bob] = world.agents;
  const a = ann.member.id;
  await insert([
    // Overdue: yesterday's last second in Dubai, and this morning before now.
    { agentId: a, subject: 'overdue yesterday', dueAt: '2026-11-21T19:59:59.000Z' },
    { agentId: a, subject: 'overdue this morning', dueAt: '2026-11-22T07:59:00.000Z' },
    // Due today: now itself, and the day's last millisecond.
    { agentId: a, subject: 'due now', dueAt: T0.toISOString() },
    { agentId: a, subject: 'due at the day end', dueAt: DAY_TO },
    // Upcoming: the next Dubai day's first instant.
    { agentId: a, subject: 'tomorrow', dueAt: '2026-11-22T20:00:00.000Z' },
    // Done today (its first instant); done yesterday does not count; a logged note without a due time is no task.
    { agentId: a, subject: 'done today', dueAt: '2026-11-20T10:00:00.000Z', doneAt: DAY_FROM },
    { agentId: a, subject: 'done yesterday', dueAt: '2026-11-20T10:00:00.000Z', doneAt: '2026-11-21T19:59:59.999Z' },
    { agentId: a, subject: 'a note', doneAt: '2026-11-22T07:00:00.000Z' },
    // Deleted: never counted.
    { agentId: a, subject: 'deleted', dueAt: '2026-11-22T07:00:00.000Z', deletedAt: new Date() },
    // Bob's, and one nobody's.
    { agentId: bob.member.id, subject: 'bob overdue', dueAt: '2026-11-22T06:00:00.000Z' },
    { agentId: null, subject: 'unassigned', dueAt: '2026-11-22T09:00:00.000Z' },
    // Another asset's rows, one even naming Ann's member: never counted here.
    { agentId: a, subject: 'other asset', dueAt: '2026-11-22T07:00:00.000Z', assetId: other.asset.id, companyId: other.company.id },
    {
      agentId: other.agents[0].member.id,
      subject: 'other asset agent',
      dueAt: '2026-11-22T07:00:00.000Z',
      assetId: other.asset.id,
      companyId: other.company.id,
    },
  ]);
});
afterAll(async () => ctx?.close());

describe('GET /api/activities/buckets', () => {
  it("counts an agent's own tasks by the asset's day, each count the total of its list", async () => {
    const headers = await world.agents[0].headers();
    const answer = await bucketsOk(headers);
    expect(answer).toMatchObject({ scope: 'mine', timezone: 'Asia/Dubai', team: null, today: { from: DAY_FROM, to: DAY_TO } });
    expect(answer.member?._id).toBe(world.agents[0].member.id);
    expect(counts(answer)).toEqual({ overdue: 2, dueToday: 2, upcoming: 1, done: 1 });
    for (const bucket of ACTIVITY_BUCKETS) expect(await listed(answer, bucket, headers)).toBe(answer.counts[bucket].count);
    // The link opens the Activities screen on that bucket, mine.
    const view = activitiesViewOf(new URL(answer.counts.overdue.link, 'http://x.test').searchParams);
    expect(view).toEqual({ scope: 'mine', bucket: 'overdue' });
  });

  it("refuses an agent's 'team': no member reports to them", async () => {
    const res = await buckets(await world.agents[1].headers(), 'scope=team');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: M.noTeam });
  });

  it('gives a manager the members reporting to them, or one of them; an agent outside the team is refused', async () => {
    const headers = await world.manager.headers();
    const mine = await bucketsOk(headers);
    expect(mine.team).toBe('reports');
    expect(counts(mine)).toEqual({ overdue: 0, dueToday: 0, upcoming: 0, done: 0 });
    const team = await bucketsOk(headers, 'scope=team');
    expect(team.agents?.map((agent) => agent.name)).toEqual(['Agent Ann', 'Agent Bob', 'Agent Cem']);
    expect(counts(team)).toEqual({ overdue: 3, dueToday: 2, upcoming: 1, done: 1 });
    for (const bucket of ACTIVITY_BUCKETS) expect(await listed(team, bucket, headers)).toBe(team.counts[bucket].count);
    const bob = await bucketsOk(headers, `scope=team&agent=${world.agents[1].member.id}`);
    expect(counts(bob)).toEqual({ overdue: 1, dueToday: 0, upcoming: 0, done: 0 });
    const outsider = await buckets(headers, `scope=team&agent=${other.agents[0].member.id}`);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().data).toEqual({ agent: [M.notInTeam] });
  });

  it("gives who sets the asset's lead engine the whole asset, unassigned tasks included", async () => {
    const answer = await bucketsOk(adminHeaders, 'scope=team');
    expect(answer).toMatchObject({ team: 'asset', agents: null, member: null });
    expect(counts(answer)).toEqual({ overdue: 3, dueToday: 3, upcoming: 1, done: 1 });
    for (const bucket of ACTIVITY_BUCKETS) expect(await listed(answer, bucket, adminHeaders)).toBe(answer.counts[bucket].count);
    // Not a member: nothing is theirs.
    expect(counts(await bucketsOk(adminHeaders))).toEqual({ overdue: 0, dueToday: 0, upcoming: 0, done: 0 });
  });

  it('refuses a bad scope with the field named, and a caller without the activities permission', async () => {
    const bad = await buckets(await world.agents[0].headers(), 'scope=everyone');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data)).toEqual(['scope']);
    const outsider = await buckets(await loginAs(ctx, world.outsiderEmail));
    expect(outsider.statusCode).toBe(403);
  });

  it("shows the agent's tasks overdue and due today on Home, linked to their bucket", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/home', headers: await world.agents[0].headers() });
    expect(res.statusCode, res.body).toBe(200);
    const home = HomeFiguresSchema.parse(res.json().data);
    expect(home.myTasks?.overdue.count).toBe(2);
    expect(home.myTasks?.dueToday.count).toBe(2);
    expect(activitiesViewOf(new URL(home.myTasks?.dueToday.link ?? '', 'http://x.test').searchParams)).toEqual({
      scope: 'mine',
      bucket: 'dueToday',
    });
  });
});
