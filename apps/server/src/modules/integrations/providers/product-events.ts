import type { DealEventData, LeadEventData, ListingEventData, ProductEventType } from '@crm/domain';
import type { AppDeps } from '../../../core/deps.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { activeIntegration, type ActiveIntegration } from '../active-integration.js';
import { queueAmplitudeFlush } from './amplitude/amplitude-flush.job.js';
import { queueZapierDeliveries, zapierSubscribers } from './zapier/zapier-deliver.job.js';

// Product events (lead created, accepted, stage changed, listing published), recorded after the change commits by the
// code that made it (the lead services, the listing's afterCommit) and fanned out to the providers that take them:
// Amplitude in batches, Zapier to each subscribed target. Each event has a deterministic key, unique per asset, so a
// change recorded twice is one event (and Amplitude's insert_id is its id). Nothing is kept while no provider
// wants the event. Never throws: an analytics or automation outage must not fail a saved change.

export interface ProductEventInput {
  type: ProductEventType;
  /** Deterministic per change, e.g. `lead.created:{leadId}`. */
  key: string;
  subjectId: string;
  /** Who made the change; null for the system or an API key. */
  userId: string | null;
  occurredAt: Date;
  /** What Amplitude receives: no personal data. */
  properties: Record<string, string | number | boolean | null>;
  /** What a Zapier hook receives. */
  data: LeadEventData | ListingEventData | DealEventData;
}

/** The lead services' deps (env optional there): without env, nothing is recorded. */
export type ProductEventDeps = Pick<AppDeps, 'db' | 'jobs' | 'log' | 'clock'> & Partial<Pick<AppDeps, 'env'>>;

export interface ProductEventConsumers {
  amplitude: ActiveIntegration | null;
  subscribers: { id: string; event: string }[];
}

/**
 * Who takes events of these types in the asset: Amplitude when on, the Zapier subscriptions of its enabled triggers.
 * Null when nobody does; while neither provider is switched on that costs one query (lead intake asks per batch).
 */
export async function productEventConsumers(
  withEnv: ProductEventDeps,
  assetId: string,
  types: readonly ProductEventType[],
): Promise<ProductEventConsumers | null> {
  const { env } = withEnv;
  if (!env || !types.length) return null;
  const deps = { ...withEnv, env };
  const switchedOn = await deps.db.integrationConfig.count({ where: { assetId, name: { in: ['amplitude', 'zapier'] }, enabled: true } });
  if (!switchedOn) return null;
  const [amplitude, subscribers] = await Promise.all([
    activeIntegration(deps, assetId, 'amplitude'),
    zapierSubscribers(deps, assetId, types),
  ]);
  return amplitude || subscribers.length ? { amplitude, subscribers } : null;
}

/** Stores the events the consumers want (once per key) and queues their deliveries. */
export async function recordProductEvents(
  deps: ProductEventDeps,
  assetId: string,
  events: readonly ProductEventInput[],
  consumers: ProductEventConsumers,
): Promise<void> {
  try {
    const { amplitude, subscribers } = consumers;
    const wanted = events.filter((event) => amplitude || subscribers.some((sub) => sub.event === event.type));
    if (!wanted.length) return;
    const stored = await deps.db.productEvent.createManyAndReturn({
      data: wanted.map((event) => ({
        assetId,
        key: event.key,
        type: event.type,
        subjectId: event.subjectId,
        userId: event.userId,
        occurredAt: event.occurredAt,
        properties: event.properties as Prisma.InputJsonObject,
        payload: event.data as Prisma.InputJsonObject,
        amplitudePending: Boolean(amplitude),
      })),
      skipDuplicates: true,
      select: { id: true, type: true },
    });
    if (!stored.length) return;
    await Promise.all([amplitude ? queueAmplitudeFlush(deps, assetId) : undefined, queueZapierDeliveries(deps, stored, subscribers)]);
  } catch (error) {
    deps.log.warn({ err: error, assetId }, 'could not record the product events');
  }
}
