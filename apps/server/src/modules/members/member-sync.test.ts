import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { ENGAGE_FAKE_API_KEY, startEngageFake, type EngageFake } from '../../../test/fakes/engage.fake.js';
import { startGoyzerFake, type GoyzerFake } from '../../../test/fakes/goyzer.fake.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { INTEGRATION_SAMPLES } from '../integrations/testing.js';
import { createLeadWorld, type LeadWorld } from '../leads/testing.js';

// The team's calls that need a CRM (docs/api.md 'Team members', 'Engage', 'Goyzer'): sync-now and
// sync-multiple-members pass the integration guard (409 naming the provider and why), then queue the CRM's members
// run, which the real provider queue works against a fake of the CRM; the member page follows it by sync-runs/{id}.
// The offices of Engage and Goyzer are read from the CRM for the request.

let ctx: TestContext;
let world: LeadWorld;
let engage: EngageFake;
let goyzer: GoyzerFake;
let team: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  [engage, goyzer] = await Promise.all([startEngageFake(), startGoyzerFake()]);
  ctx = await createTestApp({
    envOverrides: {
      RUN_WORKERS: 'true',
      JOBS_CLOSE_TIMEOUT_MS: '500',
      INTEGRATION_BASE_URL_ENGAGE: engage.url,
      INTEGRATION_BASE_URL_GOYZER: goyzer.url,
      INTEGRATION_SYNC_BACKOFF_MS: '50',
    },
  });
  world = await createLeadWorld(ctx);
  const teamRole = await createRole(ctx, [P.MEMBERS_VIEW], { company: world.company });
  const adminRole = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  team = await loginAs(ctx, (await createUser(ctx, { role: teamRole, assets: [world.asset] })).email);
  admin = await loginAs(ctx, (await createUser(ctx, { role: adminRole, assets: [world.asset] })).email);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([engage?.close(), goyzer?.close()]);
});

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/teams/members/${path}`, headers: team, ...(payload ? { payload } : {}) });

/** The asset's provider saved as an admin would, on or off, with these secrets. */
async function setUp(
  provider: 'goyzer' | 'engage',
  enabled: boolean,
  secrets: Record<string, string | null> = INTEGRATION_SAMPLES[provider].secrets,
) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.asset.id}/integrations/${provider}`,
    headers: admin,
    payload: { enabled, config: INTEGRATION_SAMPLES[provider].config, secrets },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The run a sync answered, followed through GET sync-runs/{id} until it ends. */
async function finished(runId: string): Promise<Record<string, unknown>> {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await call('GET', `sync-runs/${runId}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data as Record<string, unknown>;
    if (run.status === 'completed' || run.status === 'failed' || Date.now() > until) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const refused = (provider: string, reason: 'NOT_CONFIGURED' | 'DISABLED', label: string) => ({
  statusCode: 409,
  code: 'CONFLICT',
  message:
    reason === 'NOT_CONFIGURED'
      ? `${label} is not configured for this asset: set it up under Settings > Integrations first.`
      : `${label} is disabled for this asset: enable it under Settings > Integrations first.`,
  data: { provider, reason },
});

describe('member sync and CRM offices', () => {
  it('answer 409 { provider, reason } through the guard while no CRM is set up and on, writing nothing', async () => {
    const member = world.agents[0].member.id;
    const sync = () => call('PATCH', `sync-now/${member}`);
    const offices = (provider: string) => call('GET', `offices/${provider}/${world.asset.id}`);

    // Nothing set up: member sync names Goyzer (the CRM that holds agents), each office list its own provider.
    expect((await sync()).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));
    expect((await call('POST', 'sync-multiple-members', { ids: [member] })).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));
    expect((await offices('engage')).json()).toEqual(refused('engage', 'NOT_CONFIGURED', 'Engage'));
    expect((await offices('goyzer')).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));

    // Engage set up but off: member sync goes to it, and says it is off.
    await setUp('engage', false);
    expect((await sync()).json()).toEqual(refused('engage', 'DISABLED', 'Engage'));
    expect((await offices('engage')).json()).toEqual(refused('engage', 'DISABLED', 'Engage'));

    // Engage on without the API key its agents need: said at the call, no run queued.
    await setUp('engage', true, { apiKey: null });
    expect((await sync()).json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Engage has no API key: add it under Settings > Integrations first.',
      data: { provider: 'engage', reason: 'NOT_CONFIGURED' },
    });
    expect(await ctx.db.syncRun.count({ where: { assetId: world.asset.id } })).toBe(0);
    const stored = await ctx.db.teamMember.findUniqueOrThrow({ where: { id: member } });
    expect(stored.updatedAt).toEqual(world.agents[0].member.updatedAt);
  });

  it('syncs the named members from Engage in a run the member page follows; other agents are left alone', async () => {
    await setUp('engage', true);
    const [ann, ben] = [world.agents[0].member, world.agents[1].member];
    await ctx.db.teamMember.update({ where: { id: ann.id }, data: { email: 'ann.engage@example.com' } });
    await ctx.db.teamMember.update({ where: { id: ben.id }, data: { email: 'ben.engage@example.com' } });
    engage.agents.push(
      {
        id: 101,
        name: 'Ann Engage',
        email: 'ANN.engage@example.com',
        phone: '+971501112233',
        designation: 'Senior Broker',
        officeId: 7,
        officeName: 'Marina',
      },
      { id: 102, name: 'Ben Engage', email: 'ben.engage@example.com', designation: 'Broker', officeName: 'Downtown' },
      { id: 103, name: 'New Hire', email: 'new.hire@example.com' },
    );

    const res = await call('PATCH', `sync-now/${ann.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as { provider: string; synced: number; runId: string };
    expect(answer).toMatchObject({ provider: 'engage', synced: 1 });
    expect(await finished(answer.runId)).toMatchObject({
      provider: 'engage',
      kind: 'members',
      status: 'completed',
      counts: { updated: 1 },
    });
    expect(await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ann.id } })).toMatchObject({
      name: 'Ann Engage',
      inputSource: 'engage',
      sourceDataId: '101',
      designation: 'Senior Broker',
      officeName: 'Marina',
      phoneNumber: '+971501112233',
    });
    // Only the member named: Ben and the new hire were read (two pages) but not written.
    expect(
      engage.requests.filter((r) => r.path.startsWith('/api/v1/agents')).map((r) => new URL(r.path, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2']);
    expect((await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ben.id } })).inputSource).not.toBe('engage');
    expect(await ctx.db.teamMember.count({ where: { assetId: world.asset.id, sourceDataId: '103' } })).toBe(0);

    const many = await call('POST', 'sync-multiple-members', { ids: [ann.id, ben.id] });
    expect(many.statusCode, many.body).toBe(200);
    expect(await finished(many.json().data.runId)).toMatchObject({ status: 'completed', counts: { updated: 1, skipped: 2 } });
    expect(await ctx.db.teamMember.findUniqueOrThrow({ where: { id: ben.id } })).toMatchObject({ name: 'Ben Engage', sourceDataId: '102' });
    // The API key went as a bearer token and was never written to the integration log.
    expect(engage.requests.every((r) => r.headers.authorization === `Bearer ${ENGAGE_FAKE_API_KEY}`)).toBe(true);
    const logs = await ctx.db.integrationLog.findMany({ where: { assetId: world.asset.id, provider: 'engage' } });
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(ENGAGE_FAKE_API_KEY);
  });

  it('reads the offices of Engage and of Goyzer (its agents’ offices), and a refused key is a 409', async () => {
    engage.offices.push({ id: 7, name: 'Marina' }, { id: 'DT', name: 'Downtown' });
    const offices = await call('GET', `offices/engage/${world.asset.id}`);
    expect(offices.statusCode, offices.body).toBe(200);
    expect(offices.json().data).toEqual([
      { id: 'DT', name: 'Downtown' },
      { id: '7', name: 'Marina' },
    ]);

    await setUp('goyzer', true);
    goyzer.agents.push(
      { AgentID: 'G-1', AgentName: 'Gus', Email: 'gus@example.com', Mobile: '', Designation: '', OfficeID: 'OFF-2', OfficeName: 'JLT' },
      { AgentID: 'G-2', AgentName: 'Gia', Email: 'gia@example.com', Mobile: '', Designation: '', OfficeID: 'OFF-2', OfficeName: 'JLT' },
      {
        AgentID: 'G-3',
        AgentName: 'Gil',
        Email: 'gil@example.com',
        Mobile: '',
        Designation: '',
        OfficeID: 'OFF-1',
        OfficeName: 'Business Bay',
      },
    );
    expect((await call('GET', `offices/goyzer/${world.asset.id}`)).json().data).toEqual([
      { id: 'OFF-1', name: 'Business Bay' },
      { id: 'OFF-2', name: 'JLT' },
    ]);

    await setUp('engage', true, { ...INTEGRATION_SAMPLES.engage.secrets, apiKey: 'a-key-engage-refuses' });
    expect((await call('GET', `offices/engage/${world.asset.id}`)).json()).toMatchObject({
      statusCode: 409,
      data: { provider: 'engage', reason: 'PROVIDER_REFUSED', status: 401 },
    });
    await setUp('engage', true);
  });

  it('goes to the primary CRM when it keeps agents: Goyzer, though Engage is on too', async () => {
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { primaryCrm: 'goyzer' } });
    const cem = world.agents[2].member;
    await ctx.db.teamMember.update({ where: { id: cem.id }, data: { email: 'gil@example.com' } });
    const res = await call('PATCH', `sync-now/${cem.id}`);
    expect(res.json().data).toMatchObject({ provider: 'goyzer', synced: 1 });
    expect(await finished(res.json().data.runId)).toMatchObject({ provider: 'goyzer', status: 'completed', counts: { updated: 1 } });
    expect(await ctx.db.teamMember.findUniqueOrThrow({ where: { id: cem.id } })).toMatchObject({
      inputSource: 'goyzer',
      sourceDataId: 'G-3',
    });
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { primaryCrm: 'none' } });
  });

  it('check the members first (404), the caller may change members (403), and runs are the asset’s own', async () => {
    expect((await call('PATCH', 'sync-now/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('PATCH', 'sync-now/not-an-id')).statusCode).toBe(404);
    expect((await call('POST', 'sync-multiple-members', { ids: [] })).statusCode).toBe(400);
    expect((await call('GET', 'sync-runs/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const agent = await world.agents[2].headers();
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/teams/members/sync-now/${world.agents[2].member.id}`, headers: agent });
    expect(res.statusCode).toBe(403);
  });
});
