import { DOMAIN_EVENT_RETENTION_DAYS, DOMAIN_EVENTS, type DomainEventPayload, type DomainEventType } from '@crm/domain';
import { randomBytes } from 'node:crypto';
import type { DbTx } from '../../db/prisma.js';
import type { DomainEvent, Prisma } from '../../generated/prisma/client.js';
import { isDependencyDown } from '../dependency-errors.js';
import { recordSystemLog, systemLogText } from '../system-log.js';
import type { AnyEventSubscriber, DeliveredEvent, DomainEventInput, EventDeps } from './domain-event.types.js';

// The transactional outbox (docs/architecture.md 'Domain events'). A write records its events in its own transaction;
// after the commit the writer delivers them (deliverEvents), and the sweep (domain-event-sweep.job.ts) delivers what
// is left: an event a process died before delivering, or one a subscriber failed. An event every subscriber took is
// marked dispatched; a failed one keeps a row per subscriber that took it, so a subscriber that has an event never gets
// it again from here; one that failed gets it again, at least once.

const DAY_MS = 86_400_000;

const isKnown = (type: string): type is DomainEventType => Object.hasOwn(DOMAIN_EVENTS, type);

/**
 * Records the events in the write's transaction (payloads checked against their schemas first) and answers the rows
 * as stored, for the writer to hand to deliverRecordedEvents after the commit instead of reading them back.
 */
export async function recordEvents(tx: DbTx, events: readonly DomainEventInput[], now: Date): Promise<RecordedEvents> {
  if (!events.length) return [];
  const rows = outboxRows(events, now);
  await tx.domainEvent.createMany({
    data: rows.map((row) => ({
      id: row.id,
      type: row.type,
      companyId: row.companyId,
      assetId: row.assetId,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      payload: row.payload as Prisma.InputJsonObject,
      createdAt: row.createdAt,
    })),
  });
  return rows;
}

/** Events recorded in a write's transaction, as the outbox holds them. */
export type RecordedEvents = readonly DomainEvent[];

/** A time-ordered id (UUID version 7), as Prisma makes the outbox's own. */
function timeOrderedId(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The outbox rows of events a writer inserts within its own multi-row statement (outboxInsertCte), payloads checked
 * against their schemas: the hot path of lead intake records its batch's events without a statement of their own,
 * under the asset's lock, and hands the same rows to deliverRecordedEvents after the commit.
 */
export function outboxRows(events: readonly DomainEventInput[], now: Date): RecordedEvents {
  return events.map((event) => ({
    id: timeOrderedId(now.getTime()),
    type: event.type,
    companyId: event.companyId,
    assetId: event.assetId,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    payload: DOMAIN_EVENTS[event.type].parse(event.payload) as Prisma.JsonObject,
    createdAt: now,
    dispatchedAt: null,
    attempts: 0,
    lastError: null,
  }));
}

/** A CTE (`events`) inserting outboxRows sent as JSON text in parameter `$param` (timestamps as UTC ISO text). */
export function outboxInsertCte(param: number): string {
  return `events AS (
       INSERT INTO "DomainEvent" (id, type, "companyId", "assetId", "subjectType", "subjectId", payload, "createdAt")
       SELECT id, type, "companyId", "assetId", "subjectType", "subjectId", payload, "createdAt"
       FROM json_to_recordset($${param}::json) AS e(id uuid, type text, "companyId" uuid, "assetId" uuid, "subjectType" text,
         "subjectId" text, payload jsonb, "createdAt" timestamp)
     )`;
}

export interface DeliveryOutcome {
  delivered: number;
  failed: number;
}

type EventRow = Prisma.DomainEventGetPayload<{ include: { deliveries: { select: { subscriber: true } } } }>;

interface Deliverable {
  row: EventRow;
  payload: DomainEventPayload<DomainEventType>;
  done: Set<string>;
  failures: string[];
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An event no subscriber can take (its type gone, its payload no longer its schema's) is set aside: it must not stop the sweep. */
async function setAside(deps: EventDeps, event: EventRow, lastError: string, now: Date): Promise<void> {
  await deps.db.domainEvent.update({ where: { id: event.id }, data: { dispatchedAt: now, lastError } });
  await recordSystemLog(deps, {
    source: 'event',
    event: 'domain-event.dropped',
    message: `${event.type} ${event.id}: ${lastError}`,
    companyId: event.companyId,
    assetId: event.assetId,
  });
}

/** A subscriber's delivery of an event, for the row that says it has it. */
type Handed = { eventId: string; subscriber: string };

/**
 * One subscriber's pending events: all at once for a batch subscriber, else one by one; each it took goes to `handed`.
 * PostgreSQL or Redis not answering midway goes up (the sweep tries again once they do; nothing to tell Admin yet).
 */
async function deliverTo(deps: EventDeps, subscriber: AnyEventSubscriber, pending: readonly Deliverable[], handed: Handed[]) {
  // The union of subscribers narrows by `event`; each payload was parsed with that event's schema.
  type Event = DeliveredEvent<DomainEventType>;
  type Handler = { handle?: (d: EventDeps, e: Event) => Promise<void>; handleBatch?: (d: EventDeps, e: Event[]) => Promise<void> };
  const { handle, handleBatch } = subscriber as Handler;
  const took = (event: Deliverable) => handed.push({ eventId: event.row.id, subscriber: subscriber.name });
  const failed = (event: Deliverable, error: unknown) => {
    if (isDependencyDown(error)) throw error;
    event.failures.push(`${subscriber.name}: ${reason(error)}`);
  };
  if (handleBatch) {
    try {
      await handleBatch(
        deps,
        pending.map((event) => ({ id: event.row.id, payload: event.payload })),
      );
      pending.forEach(took);
    } catch (error) {
      for (const event of pending) failed(event, error);
    }
    return;
  }
  for (const event of pending) {
    try {
      await handle?.(deps, { id: event.row.id, payload: event.payload });
      took(event);
    } catch (error) {
      failed(event, error);
    }
  }
}

/** A failed event: its attempts and last error, a warning and a System Logs row. */
async function recordFailure(deps: EventDeps, event: EventRow, failures: readonly string[]): Promise<void> {
  const lastError = systemLogText(failures.join('; '));
  const row = await deps.db.domainEvent.update({ where: { id: event.id }, data: { attempts: { increment: 1 }, lastError } });
  deps.log.warn(
    { event: 'domain-event.failed', eventId: event.id, type: event.type, attempts: row.attempts, error: lastError },
    'event delivery failed',
  );
  await recordSystemLog(deps, {
    source: 'event',
    event: 'domain-event.failed',
    message: `${event.type} ${event.id}: ${lastError}`,
    companyId: event.companyId,
    assetId: event.assetId,
    attempts: row.attempts,
  });
}

/**
 * Delivers the undelivered events the filter finds, the least tried and oldest first, at most `limit` of them: each
 * subscriber gets the ones it does not have yet (a batch subscriber in one call); the deliveries are written in one
 * statement and the events every subscriber has marked done in another, so a batch costs a few queries, not a few
 * per event.
 */
export async function deliverEvents(deps: EventDeps, where: Prisma.DomainEventWhereInput, limit = 100): Promise<DeliveryOutcome> {
  const rows = await deps.db.domainEvent.findMany({
    where: { ...where, dispatchedAt: null },
    // An event a subscriber keeps failing goes behind the others, so it never holds them up.
    orderBy: [{ attempts: 'asc' }, { createdAt: 'asc' }],
    take: limit,
    include: { deliveries: { select: { subscriber: true } } },
  });
  return deliverRows(deps, rows);
}

/**
 * After a commit: events its writer has just recorded (outboxRows), delivered without reading them back
 * (no subscriber has them yet). Never fails the write that committed: the sweep delivers what this could not.
 */
export async function deliverRecordedEvents(deps: EventDeps, events: RecordedEvents): Promise<void> {
  if (!events.length) return;
  try {
    await deliverRows(
      deps,
      events.map((event) => ({ ...event, deliveries: [] })),
    );
  } catch (error) {
    deps.log.warn({ err: error, count: events.length }, 'events left to the sweep');
  }
}

async function deliverRows(deps: EventDeps, rows: readonly EventRow[]): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { delivered: 0, failed: 0 };
  if (!rows.length) return outcome;
  const now = deps.clock.now();
  const byType = new Map<string, Deliverable[]>();
  for (const row of rows) {
    const parsed = isKnown(row.type) ? DOMAIN_EVENTS[row.type].safeParse(row.payload) : null;
    if (!parsed?.success) {
      await setAside(deps, row, parsed ? 'payload does not match its schema' : 'unknown event type', now);
      outcome.failed += 1;
      continue;
    }
    const event = { row, payload: parsed.data, done: new Set(row.deliveries.map((d) => d.subscriber)), failures: [] };
    byType.set(row.type, [...(byType.get(row.type) ?? []), event]);
  }
  const handed: Handed[] = [];
  for (const [type, events] of byType) {
    // The subscribers of a type are independent of each other: they run side by side, each over its pending events.
    const settled = await Promise.allSettled(
      (deps.events?.subscribersOf(type) ?? []).map((subscriber) => {
        const pending = events.filter((event) => !event.done.has(subscriber.name));
        return pending.length ? deliverTo(deps, subscriber, pending, handed) : undefined;
      }),
    );
    const down = settled.find((outcome) => outcome.status === 'rejected');
    if (down) {
      // The deliveries made before a dependency stopped answering are kept: those subscribers never get them again.
      if (handed.length) await deps.db.domainEventDelivery.createMany({ data: handed, skipDuplicates: true });
      throw down.reason;
    }
  }
  const all = [...byType.values()].flat();
  const done = all.filter((event) => !event.failures.length);
  // An event every subscriber took is done as a whole: only a failed event's deliveries need rows, so that its retry
  // skips the subscribers that already have it.
  const failed = new Set(all.filter((event) => event.failures.length).map((event) => event.row.id));
  await finishDeliveries(
    deps,
    handed.filter((delivery) => failed.has(delivery.eventId)),
    done,
    now,
  );
  for (const event of all) if (event.failures.length) await recordFailure(deps, event.row, event.failures);
  outcome.delivered += done.length;
  outcome.failed += all.length - done.length;
  return outcome;
}

/**
 * The deliveries of failed events and the events now done, in one statement, committed without waiting for the WAL's
 * flush: a crash can lose only this bookkeeping, and then the sweep delivers those events again, which subscribers take
 * once by the event's id. The write that recorded the events had its own durable commit. The statement is its own
 * transaction, so set_config(..., true) in its initplan (evaluated once, before any row) turns synchronous_commit off
 * for this commit only, without the three extra round trips of BEGIN, SET LOCAL and COMMIT.
 */
async function finishDeliveries(deps: EventDeps, handed: readonly Handed[], done: readonly Deliverable[], now: Date): Promise<void> {
  if (!handed.length && !done.length) return;
  const doneIds = done.map((event) => event.row.id);
  await deps.db.$executeRaw`
    WITH delivered AS (
      INSERT INTO "DomainEventDelivery" ("eventId", "subscriber")
      SELECT * FROM unnest(${handed.map((h) => h.eventId)}::uuid[], ${handed.map((h) => h.subscriber)}::text[])
      ON CONFLICT DO NOTHING
    )
    UPDATE "DomainEvent" SET "dispatchedAt" = (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')
    WHERE "id" = ANY(${doneIds}::uuid[]) AND "dispatchedAt" IS NULL
      AND (SELECT set_config('synchronous_commit', 'off', true)) IS NOT NULL`;
}

/**
 * After a commit: the events of these records, delivered now. Never fails the write that committed (the sweep
 * delivers what this could not).
 */
export async function deliverEventsOf(deps: EventDeps, subjectType: string, subjectIds: readonly string[]): Promise<void> {
  if (!subjectIds.length) return;
  try {
    await deliverEvents(deps, { subjectType, subjectId: { in: [...subjectIds] } }, subjectIds.length * 10);
  } catch (error) {
    deps.log.warn({ err: error, subjectType, count: subjectIds.length }, 'events left to the sweep');
  }
}

/**
 * The sweep: events older than `graceMs` (their writer may still be delivering them) that are not yet delivered,
 * and the pruning of events delivered more than DOMAIN_EVENT_RETENTION_DAYS ago.
 */
export async function sweepEvents(
  deps: EventDeps,
  options: { graceMs: number; limit?: number },
): Promise<DeliveryOutcome & { pruned: number }> {
  const now = deps.clock.now().getTime();
  const outcome = await deliverEvents(deps, { createdAt: { lte: new Date(now - options.graceMs) } }, options.limit ?? 500);
  const pruned = await deps.db.domainEvent.deleteMany({
    where: { dispatchedAt: { lt: new Date(now - DOMAIN_EVENT_RETENTION_DAYS * DAY_MS) } },
  });
  return { ...outcome, pruned: pruned.count };
}
