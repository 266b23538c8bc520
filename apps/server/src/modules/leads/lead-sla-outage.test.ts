import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../../../test/private-postgres.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, leadPayload } from './lead-test-kit.js';
import { LEAD_SLA_JOB_ID, slaJobId } from './lead-sla.job.js';

// docs/leads.md 'The clock', with a real outage: PostgreSQL is stopped for a minute while a lead's initial end and its
// planned pool end both pass, then started again. The clock job retries until the database answers, the lead enters
// the pool then (never straight to the manager), keeps its whole pool time from that moment, and only then goes to
// the manager. The database is a private cluster (test/private-postgres.ts): the shared server must never stop.
// The real clock and real BullMQ workers; manual SLA dates seconds ahead stand in for the asset's minutes.

const INITIAL_MS = 8_000;
const POOL_MS = 12_000;
const OUTAGE_MS = 60_000;
/** The clock job's longest wait between retries (lead-sla.job.ts), plus the time a retry takes. */
const RETRY_SLACK_MS = 10_000 + 5_000;
/** A delayed job or a sweep acts within this of its deadline on a busy machine. */
const DEADLINE_SLACK_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let pg: PrivatePostgres | undefined;
let ctx: TestContext | undefined;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  ctx = await createTestApp({
    database: { name: 'postgres', url: pg.url, drop: async () => undefined },
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500' },
  });
}, 90_000);

afterAll(async () => {
  try {
    await ctx?.close();
  } finally {
    await pg?.destroy();
  }
}, 60_000);

describe('SLA clock through a PostgreSQL outage', () => {
  it('enters the pool when the database is back, keeps its whole pool time, then goes to the manager', async () => {
    if (!ctx || !pg) throw new Error('the private PostgreSQL or the app did not start');
    const { db, app } = ctx;
    const world = await createLeadWorld(ctx);
    const customer = await world.customer();
    const created = Date.now();
    const initialEnd = new Date(created + INITIAL_MS);
    const plannedPoolEnd = new Date(initialEnd.getTime() + POOL_MS);
    const res = await app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: await world.manager.headers(),
      payload: leadPayload(world, customer.id, {
        setAutoSLADetails: false,
        initialSlaEndDate: initialEnd.toISOString(),
        freePoolSlaEndDate: plannedPoolEnd.toISOString(),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    const queue = app.deps.jobs.queue(LEAD_SLA_JOB_ID);
    const initialJobId = slaJobId(id, 'initial', initialEnd);
    expect(await (await queue.getJob(initialJobId))?.getState()).toBe('delayed');

    // The outage: both ends pass while PostgreSQL is down.
    const down = Date.now();
    expect(down).toBeLessThan(initialEnd.getTime());
    await pg.stop();
    await expect(db.$queryRaw`SELECT 1`).rejects.toThrow();
    await sleep(down + OUTAGE_MS - Date.now());
    expect(Date.now()).toBeGreaterThan(plannedPoolEnd.getTime());
    // The job fired at the initial end and has been failing since: nothing could be written.
    expect((await queue.getJob(initialJobId))?.attemptsMade).toBeGreaterThan(0);
    await pg.start();
    const back = Date.now();

    const read = () =>
      db.lead.findUnique({ where: { id }, include: { assignments: { orderBy: { assignedAt: 'asc' } } } }).catch(() => null);
    type Snapshot = NonNullable<Awaited<ReturnType<typeof read>>>;
    let pooled: Snapshot | undefined;
    let escalated: Snapshot | undefined;
    const until = back + RETRY_SLACK_MS + POOL_MS + DEADLINE_SLACK_MS;
    while (!escalated && Date.now() < until) {
      const lead = await read();
      if (lead?.isInFreePool && !pooled) pooled = lead;
      if (lead?.isAssignedFromLeadPool) escalated = lead;
      await sleep(200);
    }

    // The pool had its turn: the lead was seen in it, with its agent, entered after the database came back.
    if (!pooled) throw new Error(`the lead was never seen in the pool (escalated: ${Boolean(escalated)})`);
    expect(pooled).toMatchObject({ isInFreePool: true, isAssignedFromLeadPool: false, agentId: world.listing.agentId });
    const enteredAt = pooled.lastActivityAt;
    if (!enteredAt) throw new Error('the pool entry was not stamped');
    expect(enteredAt.getTime()).toBeGreaterThanOrEqual(back - 1000);
    expect(enteredAt.getTime()).toBeLessThanOrEqual(back + RETRY_SLACK_MS);
    // Its pool end moved: the whole planned pool time, from the entry.
    expect(pooled.initialSlaEndDate).toEqual(initialEnd);
    expect(pooled.freePoolSlaEndDate).toEqual(new Date(enteredAt.getTime() + POOL_MS));

    // The manager only once that pool time has run.
    if (!escalated) throw new Error('the lead never reached the manager');
    expect(escalated).toMatchObject({ isInFreePool: false, isAssignedFromLeadPool: true, agentId: world.manager.member.id });
    expect(escalated.assignments.map((a) => a.reason)).toEqual(['auto', 'pool_expired']);
    const escalatedAt = escalated.assignments[1]?.assignedAt.getTime() ?? 0;
    expect(escalatedAt).toBeGreaterThanOrEqual(enteredAt.getTime() + POOL_MS);
    expect(escalatedAt).toBeLessThanOrEqual(enteredAt.getTime() + POOL_MS + DEADLINE_SLACK_MS);

    // The initial job was retried through the outage (past the 5 attempts of an ordinary failure) and completed.
    const initialJob = await queue.getJob(initialJobId);
    expect(await initialJob?.getState()).toBe('completed');
    expect(initialJob?.attemptsMade).toBeGreaterThan(5);
  }, 150_000);
});
