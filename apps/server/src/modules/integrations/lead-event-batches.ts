import type { DomainEventType } from '@crm/domain';
import type { DeliveredEvent, EventDeps } from '../../core/events/domain-event.types.js';
import type { AppDeps } from '../../core/deps.js';

// What the providers' subscribers of a lead's events share. New leads come in batches (portal intake), so their
// subscribers take the batch in one call, a few queries per asset.

type LeadEventType = Extract<DomainEventType, `lead.${string}`>;

/** The events by asset: what each integration reads once (is it on there?). */
export function byAsset<T extends LeadEventType>(events: readonly DeliveredEvent<T>[]): Map<string, DeliveredEvent<T>[]> {
  const groups = new Map<string, DeliveredEvent<T>[]>();
  for (const event of events) groups.set(event.payload.assetId, [...(groups.get(event.payload.assetId) ?? []), event]);
  return groups;
}

/** The subscribers queue jobs: a delivery where there is no queue is left to one that has it (the sweep). */
export function withJobs(deps: EventDeps): EventDeps & Pick<AppDeps, 'jobs'> {
  const { jobs } = deps;
  if (!jobs) throw new Error('no job queue in this process');
  return { ...deps, jobs };
}
