import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadPayloadSchema, MESSAGES } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { resolveActor } from '../auth/index.js';
import { AppError } from '../../core/app-error.js';
import { createLeadWorld, leadPayload, type LeadWorld } from './lead-test-kit.js';
import { createLead } from './lead.service.js';

// Creates that arrive together are saved as one batch (lead-intake.service.ts): within it, leads must come out
// exactly as if created one after the other. Calls made in the same turn of the event loop share a batch.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function managerOf(world: LeadWorld) {
  const token = (await world.manager.headers()).authorization.replace(/^Bearer /, '');
  return resolveActor(ctx.app.deps, token, world.asset.id);
}

const payload = (world: LeadWorld, customerId: string, overrides: Record<string, unknown> = {}) =>
  LeadPayloadSchema.parse(leadPayload(world, customerId, { listing: world.listingWithoutAgent.id, ...overrides }));

describe('leads created together', () => {
  it('makes the second lead of a customer the child of the first (same agent, no SLA, never pooled)', async () => {
    const world = await createLeadWorld(ctx);
    const actor = await managerOf(world);
    const customer = await world.customer();
    const [first, second] = await Promise.all([
      createLead(ctx.app.deps, actor, payload(world, customer.id)),
      createLead(ctx.app.deps, actor, payload(world, customer.id)),
    ]);
    expect(first?.leadID).toBe('L-000001');
    expect(second).toMatchObject({
      leadID: 'L-000002',
      parentId: first?._id,
      agent: { _id: (first?.agent as { _id: string } | undefined)?._id },
      initialSlaEndDate: null,
      freePoolSlaEndDate: null,
      sendToPool: false,
    });
    const history = await ctx.db.leadAssignment.findMany({ where: { leadId: String(second?._id) } });
    expect(history).toMatchObject([{ reason: 'parent' }]);
  });

  it('makes every later lead of a customer the child of the first, across batches saved one after another', async () => {
    const world = await createLeadWorld(ctx);
    const actor = await managerOf(world);
    const customers = await Promise.all(Array.from({ length: 8 }, () => world.customer()));
    const created: Promise<Awaited<ReturnType<typeof createLead>>>[] = [];
    // Five rounds, each in a later turn of the event loop: each round is a batch of its own, started while the
    // earlier ones are still being saved.
    for (let round = 0; round < 5; round += 1) {
      for (const customer of customers) created.push(createLead(ctx.app.deps, actor, payload(world, customer.id)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const leads = await Promise.all(created);
    for (const customer of customers) {
      const own = leads.filter((lead) => (lead.customer as { _id: string })._id === customer.id);
      const parents = own.filter((lead) => !lead.parentId);
      expect(parents).toHaveLength(1);
      const parent = parents[0];
      for (const child of own.filter((lead) => lead.parentId)) {
        expect(child).toMatchObject({ parentId: parent?._id, agent: { _id: (parent?.agent as { _id: string } | undefined)?._id } });
      }
    }
    expect(new Set(leads.map((lead) => lead.leadID)).size).toBe(40);
  });

  it('fails only the lead with bad input; the others are numbered without a gap and keep the rotation', async () => {
    const world = await createLeadWorld(ctx);
    const actor = await managerOf(world);
    const customers = await Promise.all([world.customer(), world.customer(), world.customer()]);
    const results = await Promise.allSettled([
      createLead(ctx.app.deps, actor, payload(world, customers[0].id)),
      createLead(ctx.app.deps, actor, payload(world, customers[1].id, { listing: '7b0c5b8e-0000-4000-8000-000000000000' })),
      createLead(ctx.app.deps, actor, payload(world, customers[2].id)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = (results[1] as PromiseRejectedResult).reason;
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).data).toEqual({ listing: [MESSAGES.lead.invalidOption('Listing')] });
    const saved = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(saved.map((l) => l.leadID)).toEqual(['L-000001', 'L-000002']);
    const agents = saved.map((l) => (l.agent as { _id: string })._id);
    expect(new Set(agents).size).toBe(2);
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: world.asset.id } })).leadSequence).toBe(2);
  });

  it('counts the quota lead by lead: the warning starts with the lead that finds the agent at the quota', async () => {
    const world = await createLeadWorld(ctx);
    await ctx.db.asset.update({ where: { id: world.asset.id }, data: { dailyLeadQuota: 1 } });
    const actor = await managerOf(world);
    const customers = await Promise.all([world.customer(), world.customer(), world.customer()]);
    // Listing leads: all three go to the listing's agent.
    const leads = await Promise.all(
      customers.map((c) => createLead(ctx.app.deps, actor, payload(world, c.id, { listing: world.listing.id }))),
    );
    expect(leads.map((l) => (l.agent as { _id: string })._id)).toEqual(Array(3).fill(world.listing.agentId));
    expect(leads[0]?.limitsWarning).toBeNull();
    expect(leads[1]?.limitsWarning).toContain('Agent Ann');
    expect(leads[2]?.limitsWarning).toContain('Agent Ann');
  });
});
