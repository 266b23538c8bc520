import { DOMAIN_EVENT_RETENTION_DAYS, DOMAIN_EVENTS, type DomainEventType } from '@crm/domain';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { isDependencyDown } from '../dependency-errors.js';
import { recordSystemLog, systemLogText } from '../system-log.js';
import type { DomainEventInput, EventDeps } from './domain-event.types.js';

// The transactional outbox (docs/architecture.md 'Domain events'). A write records its events in its own transaction;
// after the commit the writer delivers them (deliverEvents), and the sweep (domain-event-sweep.job.ts) delivers what
// is left: an event a process died before delivering, or one a subscriber failed. Each subscriber's delivery is a row,
// so a subscriber that has an event never gets it again from here; one that failed gets it again, at least once.

const DAY_MS = 86_400_000;

const isKnown = (type: string): type is DomainEventType => Object.hasOwn(DOMAIN_EVENTS, type);

/** Records the events in the write's transaction; their payloads are checked against their schemas first. */
export async function recordEvents(tx: DbTx, events: readonly DomainEventInput[]): Promise<void> {
  if (!events.length) return;
  await tx.domainEvent.createMany({
    data: events.map((event) => ({
      type: event.type,
      companyId: event.companyId,
      assetId: event.assetId,
      subjectType: event.subject.type,
      subjectId: event.subject.id,
      payload: DOMAIN_EVENTS[event.type].parse(event.payload) as Prisma.InputJsonObject,
    })),
  });
}

export interface DeliveryOutcome {
  delivered: number;
  failed: number;
}

type EventRow = Prisma.DomainEventGetPayload<{ include: { deliveries: { select: { subscriber: true } } } }>;

/** One event to each subscriber that does not have it yet; the event is done once every subscriber has it. */
async function deliverEvent(deps: EventDeps, event: EventRow): Promise<boolean> {
  const now = deps.clock.now();
  const parsed = isKnown(event.type) ? DOMAIN_EVENTS[event.type].safeParse(event.payload) : null;
  if (!parsed?.success) {
    // An event no subscriber can take (its type gone, its payload no longer its schema's) must not stop the sweep.
    const lastError = parsed ? 'payload does not match its schema' : 'unknown event type';
    await deps.db.domainEvent.update({ where: { id: event.id }, data: { dispatchedAt: now, lastError } });
    await recordSystemLog(deps, {
      source: 'event',
      event: 'domain-event.dropped',
      message: `${event.type} ${event.id}: ${lastError}`,
      companyId: event.companyId,
      assetId: event.assetId,
    });
    return false;
  }
  const payload = parsed.data;
  const done = new Set(event.deliveries.map((delivery) => delivery.subscriber));
  const failures: string[] = [];
  for (const subscriber of deps.events?.subscribersOf(event.type) ?? []) {
    if (done.has(subscriber.name)) continue;
    try {
      // The union of subscribers narrows by `event`; the payload was parsed with that event's schema.
      await (subscriber.handle as (d: EventDeps, e: { id: string; payload: typeof payload }) => Promise<void>)(deps, {
        id: event.id,
        payload,
      });
      await deps.db.domainEventDelivery.createMany({ data: [{ eventId: event.id, subscriber: subscriber.name }], skipDuplicates: true });
    } catch (error) {
      // PostgreSQL or Redis not answering: the sweep tries again once they do; nothing to tell Admin about yet.
      if (isDependencyDown(error)) throw error;
      failures.push(`${subscriber.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!failures.length) {
    await deps.db.domainEvent.updateMany({ where: { id: event.id, dispatchedAt: null }, data: { dispatchedAt: now } });
    return true;
  }
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
  return false;
}

/** Delivers the undelivered events the filter finds, the least tried and oldest first, at most `limit` of them. */
export async function deliverEvents(deps: EventDeps, where: Prisma.DomainEventWhereInput, limit = 100): Promise<DeliveryOutcome> {
  const events = await deps.db.domainEvent.findMany({
    where: { ...where, dispatchedAt: null },
    // An event a subscriber keeps failing goes behind the others, so it never holds them up.
    orderBy: [{ attempts: 'asc' }, { createdAt: 'asc' }],
    take: limit,
    include: { deliveries: { select: { subscriber: true } } },
  });
  const outcome: DeliveryOutcome = { delivered: 0, failed: 0 };
  for (const event of events) {
    if (await deliverEvent(deps, event)) outcome.delivered += 1;
    else outcome.failed += 1;
  }
  return outcome;
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
