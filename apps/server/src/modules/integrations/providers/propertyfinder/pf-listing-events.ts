import { PortalStatusSchema, PROPERTY_FINDER_PORTAL, type PortalStatus } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { recordActivity } from '../../../../resources/activity-log.js';
import type { AccountRow } from '../../integration-accounts.js';
import type { PortalListingEvent } from '../../portal-webhook.js';
import { LISTING_ENTITY } from './pf-listing-sync.js';
import { lockRows } from '../../../../resources/unit-of-work.js';

// Property Finder's `listing.published` and `listing.unpublished` webhooks (docs/api.md 'Property Finder accounts'):
// the listing's per-portal status (`portalStatus['Property Finder']`) follows what Property Finder reports. The
// listing is the one pushed as that Property Finder id (its ExternalRef), else the asset's listing with that
// reference. Each event is kept once (WebhookEvent, by its id): a redelivery changes nothing, and an event older than
// the status already stored (events may arrive out of order) is kept but not applied. The change is in the listing's
// history, by no user.

/** Applies one listing event of an account; false when the event was delivered before. */
export async function applyListingEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  account: AccountRow,
  eventId: string,
  event: PortalListingEvent,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const stored = await tx.webhookEvent.createManyAndReturn({
      data: [
        {
          assetId: account.assetId,
          integrationId: account.integrationId,
          accountId: account.id,
          provider: account.provider,
          externalEventId: eventId,
          payload: event as unknown as Prisma.InputJsonObject,
          status: 'processed',
          processedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (!stored.length) return false;
    const ref = event.externalId
      ? await tx.externalRef.findFirst({
          where: { accountId: account.id, entity: LISTING_ENTITY, externalId: event.externalId },
          select: { entityId: true },
        })
      : null;
    const listing = await tx.listing.findFirst({
      where: {
        assetId: account.assetId,
        ...(ref ? { id: ref.entityId } : event.reference ? { reference: event.reference } : { id: { in: [] } }),
      },
      select: { id: true, companyId: true, portalStatus: true },
    });
    if (!listing) {
      await tx.webhookEvent.update({ where: { id: stored[0]?.id ?? '' }, data: { error: 'No listing of this asset matches the event.' } });
      return true;
    }
    await lockRows(tx, 'Listing', [listing.id]);
    const fresh = await tx.listing.findUniqueOrThrow({ where: { id: listing.id }, select: { portalStatus: true } });
    const parsed = PortalStatusSchema.safeParse(fresh.portalStatus);
    const before: PortalStatus = parsed.success ? parsed.data : {};
    const at = event.at ? new Date(event.at) : now;
    const known = before[PROPERTY_FINDER_PORTAL];
    if (known && Date.parse(known.at) > at.getTime()) return true;
    const after: PortalStatus = { ...before, [PROPERTY_FINDER_PORTAL]: { state: event.state, at: at.toISOString() } };
    await tx.listing.update({ where: { id: listing.id }, data: { portalStatus: after } });
    await recordActivity(
      tx,
      [
        {
          userId: null,
          companyId: listing.companyId,
          assetId: account.assetId,
          action: 'update',
          subjectType: 'listings',
          subjectId: listing.id,
          before: { portalStatus: before },
          after: { portalStatus: after },
        },
      ],
      now,
    );
    return true;
  });
}
