import { LISTING_MESSAGES, MESSAGES, PERMIT_INTEGRATION, UUID_PATTERN, type PermitCheck } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { columnChanges } from '../../resources/activity-log.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { authorize } from '../../resources/resource-access.js';
import { requireIntegration, checkPermit } from '../integrations/index.js';
import type { FeedCall } from './listing-feed.service.js';
import { listingResource } from './listing.resource.js';

// GET trakheesi/{id}: asks Trakheesi about the listing's permit and stores the answer on the listing (status,
// expiry, when checked), which decides whether Dubai portals' feeds carry it. 409 while Trakheesi is not set up.

export async function checkListingPermit(call: FeedCall, id: string): Promise<PermitCheck> {
  const access = authorize(listingResource, call, 'update');
  const assetId = access.assetId ?? '';
  const notFound = AppError.notFound(MESSAGES.record.notFound('Listing'));
  if (!UUID_PATTERN.test(id)) throw notFound;
  const listing = await call.deps.db.listing.findFirst({
    where: { id, assetId, deletedAt: null },
    select: { id: true, permitNumber: true, permitStatus: true, permitExpiresAt: true, permitCheckedAt: true },
  });
  if (!listing) throw notFound;
  // The missing integration is named before the missing number: it is what the asset has to fix first.
  await requireIntegration(call.deps, assetId, PERMIT_INTEGRATION);
  if (!listing.permitNumber) throw AppError.validation({ permitNumber: [LISTING_MESSAGES.noPermitNumber] });
  const outcome = await checkPermit(call.deps, assetId, listing.permitNumber, listing.permitExpiresAt);
  const checkedAt = call.deps.clock.now();
  const data = {
    permitStatus: outcome.status,
    permitCheckedAt: checkedAt,
    // Trakheesi's expiry wins over the typed one; without one the typed expiry stays.
    ...(outcome.expiresAt ? { permitExpiresAt: outcome.expiresAt } : {}),
  };
  await withUnitOfWork(call.deps, call.actor, async (uow) => {
    await uow.tx.listing.update({ where: { id: listing.id }, data });
    uow.activity({
      action: 'update',
      subjectType: listingResource.contract.name,
      subjectId: listing.id,
      assetId,
      ...columnChanges(listing, data),
    });
  });
  const expiresAt = outcome.expiresAt ?? listing.permitExpiresAt;
  return {
    provider: PERMIT_INTEGRATION,
    permitNumber: listing.permitNumber,
    valid: outcome.status === 'valid',
    status: outcome.status,
    expiresAt: expiresAt?.toISOString() ?? null,
    checkedAt: checkedAt.toISOString(),
  };
}
