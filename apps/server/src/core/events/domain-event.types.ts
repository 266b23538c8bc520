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

export interface EventSubscriber<T extends DomainEventType = DomainEventType> {
  /** Stable and unique: a delivery row names it, so renaming one delivers every undelivered event to it again. */
  name: string;
  event: T;
  /**
   * Handles one event; at least once, so it must be safe to run twice for the same event id (queue a job under an id
   * made of the event's, upsert by a natural key). A throw leaves the event to the sweep, which tries again.
   */
  handle: (deps: EventDeps, event: { id: string; payload: DomainEventPayload<T> }) => Promise<void>;
}

export type AnyEventSubscriber = { [T in DomainEventType]: EventSubscriber<T> }[DomainEventType];

/** Keeps the payload's type flowing from the event's name to the handler. */
export function defineSubscriber<T extends DomainEventType>(subscriber: EventSubscriber<T>): EventSubscriber<T> {
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
