import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { INTEGRATION_SAMPLES } from '../integrations/integration-test-samples.js';
import { createLeadWorld, type LeadWorld } from '../leads/lead-test-kit.js';

// The team's calls that need a CRM provider (docs/api.md 'Team members'): sync-now, sync-multiple-members and the
// offices of Engage and Goyzer pass the integration guard, whose 409 names the provider and why in `data`. With the
// provider set up and on, no client ships yet: a 409 saying so, never a pretended sync.

let ctx: TestContext;
let world: LeadWorld;
let team: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx);
  const teamRole = await createRole(ctx, [P.MEMBERS_VIEW], { company: world.company });
  const adminRole = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  team = await loginAs(ctx, (await createUser(ctx, { role: teamRole, assets: [world.asset] })).email);
  admin = await loginAs(ctx, (await createUser(ctx, { role: adminRole, assets: [world.asset] })).email);
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/teams/members/${path}`, headers: team, ...(payload ? { payload } : {}) });

/** The asset's provider saved as an admin would, on or off. */
async function setUp(provider: 'goyzer' | 'engage', enabled: boolean) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/assets/${world.asset.id}/integrations/${provider}`,
    headers: admin,
    payload: { enabled, ...INTEGRATION_SAMPLES[provider] },
  });
  expect(res.statusCode, res.body).toBe(200);
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

describe('calls that need a CRM provider', () => {
  it('answer 409 { provider, reason } through the guard: not configured, then disabled, then no client yet', async () => {
    const member = world.agents[0].member.id;
    const sync = () => call('PATCH', `sync-now/${member}`);
    const syncMany = () => call('POST', 'sync-multiple-members', { ids: [member, world.agents[1].member.id] });
    const offices = (provider: string) => call('GET', `offices/${provider}/${world.asset.id}`);

    // Nothing set up: member sync names Goyzer (the CRM that holds agents), each office list its own provider.
    expect((await sync()).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));
    expect((await syncMany()).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));
    expect((await offices('engage')).json()).toEqual(refused('engage', 'NOT_CONFIGURED', 'Engage'));
    expect((await offices('goyzer')).json()).toEqual(refused('goyzer', 'NOT_CONFIGURED', 'Goyzer'));

    // Engage set up but off: member sync goes to it, and says it is off.
    await setUp('engage', false);
    expect((await sync()).json()).toEqual(refused('engage', 'DISABLED', 'Engage'));
    expect((await offices('engage')).json()).toEqual(refused('engage', 'DISABLED', 'Engage'));

    // Engage on: past the guard, the provider's seam answers that no client ships in this release.
    await setUp('engage', true);
    const noClient = {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Synchronisation with Engage is not available in this release yet.',
      data: { provider: 'engage' },
    };
    expect((await sync()).json()).toEqual(noClient);
    expect((await syncMany()).json()).toEqual(noClient);
    expect((await offices('engage')).json()).toEqual(noClient);
    // Goyzer set up too but off: the sync keeps to the provider that is on.
    await setUp('goyzer', false);
    expect((await sync()).json()).toEqual(noClient);
    expect((await offices('goyzer')).json()).toEqual(refused('goyzer', 'DISABLED', 'Goyzer'));
    await setUp('goyzer', true);
    expect((await sync()).json()).toMatchObject({ statusCode: 409, data: { provider: 'goyzer' } });
    // Nothing was written to the members.
    const stored = await ctx.db.teamMember.findUniqueOrThrow({ where: { id: member } });
    expect(stored.updatedAt).toEqual(world.agents[0].member.updatedAt);
  });

  it('check the members first (404), and the caller may change members (403)', async () => {
    expect((await call('PATCH', 'sync-now/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('PATCH', 'sync-now/not-an-id')).statusCode).toBe(404);
    expect((await call('POST', 'sync-multiple-members', { ids: [] })).statusCode).toBe(400);
    const agent = await world.agents[2].headers();
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/teams/members/sync-now/${world.agents[2].member.id}`, headers: agent });
    expect(res.statusCode).toBe(403);
  });
});
