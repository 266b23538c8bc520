import type { DomainEventPayload, DomainEventType } from '@crm/domain';
import type { AppDeps } from '../deps.js';

// What the outbox (domain-event-outbox.ts) works with: an event to record in a write's transaction, and a
// subscriber, a module's answer to an event. Modules list their subscribers (ServerModule.subscribers); the
// composition root hands them to the bus (deps.events).

/** What a subscriber and the dispatcher may use: the engine's dependencies (jobs, env and Redis where there). */
export type EventDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env' | 'jobs' | 'events'>>;

/** An event as a write records it. */
export type DomainEventInput = {
  [T in DomainEventType]: {
    type: T;
    payload: DomainEventPayload<T>;
    companyId: string | null;
    assetId: string | null;
    /** The record it is about (the resource's path, its id). */
    subject: { type: string; id: string };
  };
}[DomainEventType];

/** An event as a resource's write names it: the engine adds the company and the record it is about. */
export type ResourceEventInput = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayload<T>; assetId: string | null };
}[DomainEventType];

/** An event as a subscriber gets it: its id (to de-duplicate by) and its checked payload. */
export interface DeliveredEvent<T extends DomainEventType> {
  id: string;
  payload: DomainEventPayload<T>;
}

interface SubscriberBase<T extends DomainEventType> {
  /** Stable and unique: a delivery row names it, so renaming one delivers every undelivered event to it again. */
  name: string;
  event: T;
}

/**
 * Handles one event; at least once, so it must be safe to run twice for the same event id (queue a job under an id
 * made of the event's, upsert by a natural key). A throw leaves the event to the sweep, which tries again.
 */
export interface SingleEventSubscriber<T extends DomainEventType = DomainEventType> extends SubscriberBase<T> {
  handle: (deps: EventDeps, event: DeliveredEvent<T>) => Promise<void>;
  handleBatch?: never;
}

/**
 * Handles the events delivered together (a batch of new leads, a sweep's catch-up) in one call, so a hot write path
 * costs a few queries per batch, not per record. The events may be of several assets. The same rules as `handle`;
 * a throw leaves every event of the call to the sweep.
 */
export interface BatchEventSubscriber<T extends DomainEventType = DomainEventType> extends SubscriberBase<T> {
  handleBatch: (deps: EventDeps, events: readonly DeliveredEvent<T>[]) => Promise<void>;
  handle?: never;
}

export type EventSubscriber<T extends DomainEventType = DomainEventType> = SingleEventSubscriber<T> | BatchEventSubscriber<T>;

export type AnyEventSubscriber = { [T in DomainEventType]: EventSubscriber<T> }[DomainEventType];

/** Keeps the payload's type flowing from the event's name to the handler. */
export function defineSubscriber<T extends DomainEventType>(subscriber: SingleEventSubscriber<T>): SingleEventSubscriber<T> {
  return subscriber;
}

/** The batch form: one call for the events delivered together. */
export function defineBatchSubscriber<T extends DomainEventType>(subscriber: BatchEventSubscriber<T>): BatchEventSubscriber<T> {
  return subscriber;
}

/** The subscribers of each event, from every module. */
export interface EventBus {
  subscribersOf(type: string): readonly AnyEventSubscriber[];
}

export function createEventBus(subscribers: readonly AnyEventSubscriber[]): EventBus {
  const names = new Set<string>();
  const byType = new Map<string, AnyEventSubscriber[]>();
  for (const subscriber of subscribers) {
    if (names.has(subscriber.name)) throw new Error(`two event subscribers are named '${subscriber.name}'`);
    names.add(subscriber.name);
    byType.set(subscriber.event, [...(byType.get(subscriber.event) ?? []), subscriber]);
  }
  return { subscribersOf: (type) => byType.get(type) ?? [] };
}
