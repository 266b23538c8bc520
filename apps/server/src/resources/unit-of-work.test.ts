import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createEventBus, defineSubscriber, type DomainEventInput } from '../core/events/domain-event.types.js';
import { customerResource } from '../modules/customers/index.js';
import { lockRows, withUnitOfWork, type UnitDeps } from './unit-of-work.js';

// The unit of work (unit-of-work.ts) over real PostgreSQL and Redis: what a write collects is written with its
// commit and not at all on a rollback; what runs after the commit runs once, and only then; a failing chore never
// fails the write and is logged; units locking the same rows in opposite orders take them in one order.

let ctx: TestContext;
let tenant: Tenant;
let deps: UnitDeps;
const delivered: string[] = [];

const actor = () => ({ userId: null, companyId: tenant.company.id });
const generation = async () => Number((await ctx.redis.get(`${ctx.env.REDIS_PREFIX}:count:customers:${tenant.asset.id}:gen`)) ?? 0);

function written(customerId: string): DomainEventInput {
  return {
    type: 'customer.written',
    companyId: tenant.company.id,
    assetId: tenant.asset.id,
    subject: { type: 'uow-test', id: customerId },
    payload: { customerId, assetId: tenant.asset.id, created: true, numberChanged: false, contactChanged: false, version: '1' },
  };
}

const activityOf = (subjectId: string) => ctx.db.activityLog.count({ where: { subjectId } });
const eventsOf = (subjectId: string) => ctx.db.domainEvent.findMany({ where: { subjectType: 'uow-test', subjectId } });

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  const subscriber = defineSubscriber({
    name: 'uow-test',
    event: 'customer.written',
    handle: async (_deps, event) => {
      delivered.push(event.payload.customerId);
    },
  });
  deps = { ...ctx.app.deps, events: createEventBus([subscriber]) };
});
afterAll(async () => {
  await ctx?.close();
});

describe('a unit that commits', () => {
  it('writes its activity rows and events with the commit, then retires the totals and delivers once', async () => {
    const id = randomUUID();
    const before = await generation();
    let seenInside = -1;
    const answer = await withUnitOfWork(deps, actor(), async (uow) => {
      uow.activity({ assetId: tenant.asset.id, action: 'update', subjectType: 'customers', subjectId: id, after: { note: 'x' } });
      uow.event(written(id));
      uow.countsChanged(customerResource, tenant.asset.id);
      uow.countsChanged(customerResource, tenant.asset.id);
      // Collected, not yet written: nothing reaches the tables before the unit's work is done.
      seenInside = await uow.tx.activityLog.count({ where: { subjectId: id } });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seenInside).toBe(0);
    expect(await activityOf(id)).toBe(1);
    const [event] = await eventsOf(id);
    expect(event?.dispatchedAt).not.toBeNull();
    expect(delivered.filter((d) => d === id)).toHaveLength(1);
    expect(await generation()).toBe(before + 1);
  });

  it('runs a failing chore after the commit without failing the write, and logs it in System Logs', async () => {
    const id = randomUUID();
    const ran: string[] = [];
    const answer = await withUnitOfWork(deps, actor(), async (uow) => {
      uow.activity({ assetId: tenant.asset.id, action: 'update', subjectType: 'customers', subjectId: id });
      uow.afterCommit('uow-test.broken', async () => {
        throw new Error(`provider down ${id}`);
      });
      uow.afterCommit('uow-test.next', async () => {
        ran.push('next');
      });
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(await activityOf(id)).toBe(1);
    expect(ran).toEqual(['next']);
    const logs = await ctx.db.systemLog.findMany({ where: { event: 'after-commit.failed', message: { contains: id } } });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.message).toContain('uow-test.broken');
  });
});

describe('a unit that rolls back', () => {
  it('leaves no activity row or event, and runs nothing after', async () => {
    const id = randomUUID();
    const before = await generation();
    let chores = 0;
    await expect(
      withUnitOfWork(deps, actor(), async (uow) => {
        uow.activity({ assetId: tenant.asset.id, action: 'update', subjectType: 'customers', subjectId: id });
        uow.event(written(id));
        uow.countsChanged(customerResource, tenant.asset.id);
        uow.afterCommit('uow-test.never', async () => {
          chores += 1;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await activityOf(id)).toBe(0);
    expect(await eventsOf(id)).toHaveLength(0);
    expect(delivered).not.toContain(id);
    expect(chores).toBe(0);
    expect(await generation()).toBe(before);
  });
});

describe('row locks', () => {
  it('takes the rows of two units in one order whatever order each names them in', async () => {
    const other = await ctx.db.asset.create({ data: { companyId: tenant.company.id, name: `Lock ${randomUUID()}` } });
    const ids = [tenant.asset.id, other.id];
    const finished: string[] = [];
    const hold = (order: string[], name: string, ms: number) =>
      withUnitOfWork(deps, actor(), async (uow) => {
        // One at a time in the named order would be a cycle: each would hold one row and wait for the other's.
        const locked = await uow.lockAll('Asset', order);
        await new Promise((resolve) => setTimeout(resolve, ms));
        finished.push(name);
        return locked;
      });
    const first = hold(ids, 'first', 300);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = hold([...ids].reverse(), 'second', 0);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual([...ids].sort());
    expect(b).toEqual([...ids].sort());
    expect(finished).toEqual(['first', 'second']);
  });

  it('skips a row another transaction holds when told, and ignores ids of no row', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = withUnitOfWork(deps, actor(), async (uow) => {
      await uow.lock('Asset', tenant.asset.id);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const skipped = await ctx.db.$transaction((tx) => lockRows(tx, 'Asset', [tenant.asset.id], { skipLocked: true }));
    release();
    await holder;
    expect(skipped).toEqual([]);
    expect(await ctx.db.$transaction((tx) => lockRows(tx, 'Asset', ['not-a-uuid', randomUUID()]))).toEqual([]);
  });
});
