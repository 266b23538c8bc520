import type { AppDeps } from '../core/deps.js';
import { deliverEventsOf, deliverRecordedEvents, type RecordedEvents, recordEvents } from '../core/events/domain-event-outbox.js';
import type { DomainEventInput } from '../core/events/domain-event.types.js';
import { recordSystemLog } from '../core/system-log.js';
import type { DbTx } from '../db/prisma.js';
import { Prisma } from '../generated/prisma/client.js';
import { type ActivityActor, type ActivityEntry, recordActivity } from './activity-log.js';
import { invalidateCachedCounts } from './count-cache.js';
import type { ResourceDefinition } from './resource.types.js';

// docs/architecture.md 'Unit of work': a write outside the engine in one transaction, with what every write owes
// besides its rows. Activity rows and domain events are written in the transaction just before it commits, so a
// rolled back write leaves neither; the cached totals, the events' delivery and the writer's own chores run once,
// after the commit only, and a chore that fails is logged: the write has committed and its answer stands.

export type UnitDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env' | 'jobs' | 'events'>>;

/** Prisma's interactive transaction options, as the writers pass them today (leads: LEAD_TX_OPTIONS). */
export interface UnitOptions {
  maxWait?: number;
  timeout?: number;
}

/** A change for the activity log; the unit's actor is who wrote unless the change names someone else (the system). */
export type ActivityChange = Omit<ActivityEntry, 'userId' | 'companyId'> & Partial<Pick<ActivityEntry, 'userId' | 'companyId'>>;

type CountedResource = Pick<ResourceDefinition, 'contract' | 'scope' | 'facts'>;

export interface UnitOfWork {
  readonly tx: DbTx;
  /** The unit's time: its activity rows carry it. */
  readonly now: Date;
  /** Rows of the activity log, written in the transaction before it commits. */
  activity(...changes: readonly ActivityChange[]): void;
  /** The tenancy's cached totals of the resource are retired after the commit (once, however often said). */
  countsChanged(resource: CountedResource, tenancyId: string | null): void;
  /** Domain events recorded in the transaction before it commits, delivered after it through deps.events. */
  event(...events: readonly DomainEventInput[]): void;
  /** Events a helper recorded in the transaction itself (the lead writer), delivered with the unit's own. */
  deliverEventsOf(subjectType: string, subjectIds: readonly string[]): void;
  /** Work after the commit that must not fail the write (queueing a job, a provider push). */
  afterCommit(name: string, chore: () => Promise<unknown>): void;
  /** Locks one row until the commit; false when there is none (or, with `skipLocked`, another holds it). */
  lock(model: Prisma.ModelName, id: string, options?: LockOptions): Promise<boolean>;
  /** Locks rows in id order, so two units locking the same rows never wait on each other in a cycle. */
  lockAll(model: Prisma.ModelName, ids: readonly string[], options?: LockOptions): Promise<string[]>;
}

export interface LockOptions {
  /** Give up on a row another transaction holds instead of waiting (the SLA clock: the holder is handling it). */
  skipLocked?: boolean;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODELS = new Set<string>(Object.values(Prisma.ModelName));

/**
 * The one row lock of the server: `SELECT id ... ORDER BY id FOR UPDATE` (locks are taken in the sort's order). An
 * id that is not a uuid names no row and is left out. Returns the ids found and locked, in id order.
 */
export async function lockRows(tx: DbTx, model: Prisma.ModelName, ids: readonly string[], options: LockOptions = {}): Promise<string[]> {
  // The table's name is spliced into the SQL: only a model of the schema may be one (tables carry the model's name).
  if (!MODELS.has(model)) throw new Error(`lockRows: ${model} is not a model`);
  const wanted = [...new Set(ids.filter((id) => UUID_SHAPE.test(id)))].sort();
  if (!wanted.length) return [];
  const table = Prisma.raw(`"${model}"`);
  const rows = options.skipLocked
    ? await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM ${table} WHERE id = ANY(${wanted}::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`
    : await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM ${table} WHERE id = ANY(${wanted}::uuid[]) ORDER BY id FOR UPDATE`;
  return rows.map((row) => row.id);
}

interface Collected {
  activity: ActivityEntry[];
  events: DomainEventInput[];
  /** The unit's own events as recorded: delivered without reading them back. */
  recorded: RecordedEvents;
  deliveries: Map<string, Set<string>>;
  counts: Map<string, { resource: CountedResource; tenancyId: string | null }>;
  chores: { name: string; chore: () => Promise<unknown> }[];
}

function unitOf(tx: DbTx, actor: ActivityActor | null, now: Date, collected: Collected): UnitOfWork {
  const deliver = (subjectType: string, ids: readonly string[]) => {
    const known = collected.deliveries.get(subjectType) ?? new Set<string>();
    for (const id of ids) known.add(id);
    collected.deliveries.set(subjectType, known);
  };
  return {
    tx,
    now,
    activity(...changes) {
      for (const change of changes) {
        const companyId = change.companyId ?? actor?.companyId;
        if (!companyId) throw new Error(`activity of ${change.subjectType} ${change.subjectId}: no company`);
        collected.activity.push({ ...change, userId: change.userId === undefined ? (actor?.userId ?? null) : change.userId, companyId });
      }
    },
    countsChanged(resource, tenancyId) {
      collected.counts.set(`${resource.contract.name}:${tenancyId}`, { resource, tenancyId });
    },
    event(...events) {
      collected.events.push(...events);
    },
    deliverEventsOf: deliver,
    afterCommit(name, chore) {
      collected.chores.push({ name, chore });
    },
    async lock(model, id, options) {
      return (await lockRows(tx, model, [id], options)).length > 0;
    },
    lockAll: (model, ids, options) => lockRows(tx, model, ids, options),
  };
}

/** A chore that failed after the commit: the server's log and Admin > System logs, never the caller's answer. */
async function choreFailed(deps: UnitDeps, actor: ActivityActor | null, name: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  deps.log.warn({ err: error, chore: name }, 'after-commit work failed');
  await recordSystemLog(deps, {
    source: 'job',
    event: 'after-commit.failed',
    message: `${name}: ${message}`,
    queue: name,
    companyId: actor?.companyId ?? null,
    userId: actor?.userId ?? null,
  });
}

/** After the commit, in this order: the cached totals, the events' delivery, the writer's chores. */
async function runAfterCommit(deps: UnitDeps, actor: ActivityActor | null, collected: Collected): Promise<void> {
  for (const { resource, tenancyId } of collected.counts.values()) await invalidateCachedCounts(deps, resource, tenancyId);
  await deliverRecordedEvents(deps, collected.recorded);
  for (const [subjectType, ids] of collected.deliveries) await deliverEventsOf(deps, subjectType, [...ids]);
  for (const { name, chore } of collected.chores) {
    try {
      await chore();
    } catch (error) {
      await choreFailed(deps, actor, name, error);
    }
  }
}

/**
 * Runs `work` in one transaction as `actor` (null: the system, whose activity rows name their company) and, once it
 * has committed, what it asked for after the commit. A throw rolls everything back and runs nothing after it.
 */
export async function withUnitOfWork<T>(
  deps: UnitDeps,
  actor: ActivityActor | null,
  work: (uow: UnitOfWork) => Promise<T>,
  options: UnitOptions = {},
): Promise<T> {
  const now = deps.clock.now();
  const collected: Collected = { activity: [], events: [], recorded: [], deliveries: new Map(), counts: new Map(), chores: [] };
  const result = await deps.db.$transaction(async (tx) => {
    const answer = await work(unitOf(tx, actor, now, collected));
    await recordActivity(tx, collected.activity, now);
    collected.recorded = await recordEvents(tx, collected.events, now);
    return answer;
  }, options);
  await runAfterCommit(deps, actor, collected);
  return result;
}
