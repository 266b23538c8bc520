import { DEFAULT_ROLES, ROLE_CODES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from './deal-test-kit.js';

// Who sees which deals (docs/product.md 'Deals'): with the default roles an agent sees their own deals, a manager
// their own and their team's, and who runs the asset's lead engine (the admin) all of them; on every door alike.

let ctx: TestContext;
let world: DealWorld;
type Headers = { authorization: string };
const seen: Record<'agent' | 'manager' | 'outsider', Headers> = {} as never;
let teamDeal: string;
let otherDeal: string;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
  const roleOf = (code: string) => DEFAULT_ROLES.find((role) => role.code === code)?.permissions ?? [];
  const agentRole = await createRole(ctx, roleOf(ROLE_CODES.AGENT), { company: world.company });
  const managerRole = await createRole(ctx, roleOf(ROLE_CODES.MANAGER), { company: world.company });
  const member = async (name: string, role: typeof agentRole, reportedToId: string | null) => {
    const user = await createUser(ctx, { role, assets: [world.asset], fullName: name });
    const row = await ctx.db.teamMember.create({
      data: { companyId: world.company.id, assetId: world.asset.id, userId: user.id, name, enabled: true, reportedToId },
    });
    return { id: row.id, headers: await loginAs(ctx, user.email) };
  };
  const manager = await member('Manager Max', managerRole, null);
  const agent = await member('Agent Ava', agentRole, manager.id);
  const outsider = await member('Agent Omar', agentRole, null);
  Object.assign(seen, { agent: agent.headers, manager: manager.headers, outsider: outsider.headers });
  teamDeal = (await world.deal({ agent: agent.id, title: 'Ava deal' }))._id;
  otherDeal = (await world.deal({ agent: outsider.id, title: 'Omar deal' }))._id;
});
afterAll(async () => ctx?.close());

const listed = async (headers: Headers) => {
  const res = await world.rest('GET', `deals?filter=${encodeURIComponent(JSON.stringify({ limit: 100 }))}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { _id: string }[] }).data.map((deal) => deal._id);
};

const boardIds = async (headers: Headers) => {
  const res = await world.rest('GET', 'deals/board?pipeline=sale', undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  const board = res.json() as { data: { columns: { count: number; cards: { _id: string }[] }[] } };
  const ids = board.data.columns.flatMap((column) => column.cards.map((card) => card._id));
  return { ids, count: board.data.columns.reduce((sum, column) => sum + column.count, 0) };
};

describe('deal visibility', () => {
  it("shows an agent their own deals only: the list, the board and the totals; another's deal is a 404 on every call", async () => {
    expect(await listed(seen.agent)).toEqual([teamDeal]);
    expect(await boardIds(seen.agent)).toEqual({ ids: [teamDeal], count: 1 });
    const totals = await world.rest('GET', 'deals/totals?by=agent', undefined, seen.agent);
    expect(totals.statusCode, totals.body).toBe(200);
    expect((totals.json() as { data: { rows: { count: number }[] } }).data.rows.map((row) => row.count)).toEqual([1]);
    for (const url of [`deals/${otherDeal}`, `deals/${otherDeal}/splits`, `timeline/deals/${otherDeal}`]) {
      const res = await world.rest('GET', url, undefined, seen.agent);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    const move = await world.rest('PATCH', `deals/${otherDeal}/stage`, { stage: 'reserved' }, seen.agent);
    expect(move.statusCode).toBe(404);
    const edit = await world.rest('PATCH', `deals/${otherDeal}`, { title: 'Taken' }, seen.agent);
    expect(edit.statusCode).toBe(404);
    expect((await ctx.db.deal.findUniqueOrThrow({ where: { id: otherDeal } })).title).toBe('Omar deal');
    // Their own deal opens and moves.
    expect((await world.rest('GET', `timeline/deals/${teamDeal}`, undefined, seen.agent)).statusCode).toBe(200);
    expect((await world.rest('PATCH', `deals/${teamDeal}/stage`, { stage: 'reserved' }, seen.agent)).statusCode).toBe(200);
  });

  it("shows a manager their team's deals and not another team's; the admin sees every deal", async () => {
    expect(await listed(seen.manager)).toEqual([teamDeal]);
    expect((await world.rest('GET', `deals/${otherDeal}`, undefined, seen.manager)).statusCode).toBe(404);
    expect(await listed(seen.outsider)).toEqual([otherDeal]);
    const all = await listed(world.admin);
    expect(all).toEqual(expect.arrayContaining([teamDeal, otherDeal]));
    expect((await boardIds(world.admin)).count).toBe(all.length);
  });

  it('narrows the tRPC door and the export the same way', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/trpc/deals.list?input=${encodeURIComponent(JSON.stringify({ filter: { limit: 100 } }))}`,
      headers: seen.agent,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: { data: { data: { _id: string }[] } } }).result.data.data.map((deal) => deal._id)).toEqual([teamDeal]);
    const csv = await world.rest('GET', 'deals/export?format=csv', undefined, seen.agent);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Ava deal');
    expect(csv.body).not.toContain('Omar deal');
  });
});
