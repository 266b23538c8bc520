import type { ListingEventData } from '@crm/domain';
import type { ApiRecord, CommittedChange, ResourceDeps } from '../../../resources/resource.types.js';
import { productEventConsumers, recordProductEvents } from './product-events.js';

// A listing's product event (product-events.ts): `listing.published` when a write makes it Published (created so, or
// moved there from another status); saving a listing that already was Published is no event. The user is the
// listing's last writer (updatedBy).

type ListingChange = Pick<CommittedChange, 'record' | 'before'>;

const assetOf = (record: ApiRecord) => (typeof record.asset === 'string' ? record.asset : null);

/** `listing.published` for each change that made its listing Published; one look-up of who takes it per asset. */
export async function recordListingsPublished(deps: ResourceDeps, changes: readonly ListingChange[]): Promise<void> {
  if (!deps.jobs) return;
  const withJobs = { ...deps, jobs: deps.jobs };
  const byAsset = new Map<string, ListingChange[]>();
  for (const change of changes) {
    const assetId = assetOf(change.record);
    if (change.record.status !== 'Published' || change.before?.status === 'Published' || !assetId) continue;
    const list = byAsset.get(assetId) ?? [];
    list.push(change);
    byAsset.set(assetId, list);
  }
  for (const [assetId, published] of byAsset) {
    const consumers = await productEventConsumers(withJobs, assetId, ['listing.published']);
    if (!consumers) continue;
    const userOf = new Map(published.map(({ record }) => [record._id, typeof record.updatedBy === 'string' ? record.updatedBy : null]));
    const listings = await deps.db.listing.findMany({
      where: { id: { in: [...userOf.keys()] } },
      select: {
        id: true,
        reference: true,
        title: true,
        leadType: true,
        status: true,
        price: true,
        city: true,
        community: true,
        bedrooms: true,
        shortUrl: true,
        updatedAt: true,
        agent: { select: { id: true, name: true } },
      },
    });
    const events = listings.map((listing) => {
      const data: ListingEventData = {
        id: listing.id,
        reference: listing.reference,
        title: listing.title,
        leadType: listing.leadType,
        status: listing.status,
        price: listing.price === null ? null : Number(listing.price),
        city: listing.city,
        community: listing.community,
        bedrooms: listing.bedrooms,
        shortUrl: listing.shortUrl,
        agent: listing.agent,
      };
      return {
        type: 'listing.published' as const,
        key: `listing.published:${listing.id}:${listing.updatedAt.toISOString()}`,
        subjectId: listing.id,
        userId: userOf.get(listing.id) ?? null,
        occurredAt: deps.clock.now(),
        properties: {
          reference: listing.reference,
          lead_type: listing.leadType,
          city: listing.city,
          community: listing.community,
          price: data.price,
        },
        data,
      };
    });
    if (events.length) await recordProductEvents(withJobs, assetId, events, consumers);
  }
}
