import type { ListingEventData } from '@crm/domain';
import type { ApiRecord, ResourceDeps, Row } from '../../../resources/resource.types.js';
import { productEventConsumers, recordProductEvents } from './product-events.js';

// A listing's product event (product-events.ts): `listing.published` when a write makes it Published (created so, or
// moved there from another status); saving a listing that already was Published is no event.

export async function recordListingPublished(
  deps: ResourceDeps,
  change: { record: ApiRecord; created: boolean; before: Row | null },
  userId: string | null,
): Promise<void> {
  const { record, before } = change;
  if (record.status !== 'Published' || before?.status === 'Published' || !deps.jobs) return;
  const assetId = typeof record.asset === 'string' ? record.asset : null;
  if (!assetId) return;
  const withJobs = { ...deps, jobs: deps.jobs };
  const consumers = await productEventConsumers(withJobs, assetId, ['listing.published']);
  if (!consumers) return;
  const listing = await deps.db.listing.findUnique({
    where: { id: record._id },
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
  if (!listing) return;
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
  await recordProductEvents(
    withJobs,
    assetId,
    [
      {
        type: 'listing.published',
        key: `listing.published:${listing.id}:${listing.updatedAt.toISOString()}`,
        subjectId: listing.id,
        userId,
        occurredAt: deps.clock.now(),
        properties: {
          reference: listing.reference,
          lead_type: listing.leadType,
          city: listing.city,
          community: listing.community,
          price: data.price,
        },
        data,
      },
    ],
    consumers,
  );
}
