import { createHash } from 'node:crypto';
import { permitIsLive, type ListingMedia } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { feedListingSelect } from '../listings/listing-feed-query.js';
import { integrationSyncJob } from './integration-sync.job.js';
import { openSecrets, type IntegrationRow } from './integration-record.js';
import { callProviderApi } from './provider-call.js';

// Listings pushed to Property Finder's Enterprise API (sync-now, sync-property-images, sync-multiple-listings): each
// call is one SyncRun worked by the integration-sync job under a deterministic job id, so repeats while one is
// queued merge into it; sync-status/propertyfinder shows its progress and outcome.

export type ListingPushKind = 'listings' | 'listing-images';

const TokenSchema = z.object({ accessToken: z.string().min(1) });

/** The job id of a push: one per listing (or set of listings) and kind. */
export function listingPushJobId(kind: ListingPushKind, listingIds: string[]): string {
  const key =
    listingIds.length === 1
      ? listingIds[0]
      : createHash('sha256')
          .update([...listingIds].sort().join(','))
          .digest('hex')
          .slice(0, 32);
  return `${kind === 'listings' ? 'listing-push' : 'listing-images'}-propertyfinder-${key}`;
}

/** Queues the push (or joins the one already queued for the same listings); answers its SyncRun id. */
export async function queueListingPush(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  row: IntegrationRow,
  kind: ListingPushKind,
  listingIds: string[],
): Promise<string> {
  const jobId = listingPushJobId(kind, listingIds);
  const run = await deps.db.syncRun.create({
    data: { assetId: row.assetId, integrationId: row.id, provider: row.name, kind, progressTotal: listingIds.length },
  });
  const payload = { syncRunId: run.id, listingIds };
  // BullMQ ignores an add under a job id it still holds, yet answers the job it was given: what the queue holds
  // under the id is read back to know whose push it is.
  const queued = async () => {
    await deps.jobs.enqueue(integrationSyncJob, payload, { jobId });
    return deps.jobs.queue(integrationSyncJob.id).getJob(jobId);
  };
  const job = await queued();
  if (!job || job.data?.syncRunId === run.id) return run.id;
  // The id is taken: by a push still waiting or running (join it), or by a finished one (start again).
  const earlier = await deps.db.syncRun.findUnique({ where: { id: String(job.data?.syncRunId) } });
  const live = earlier && (earlier.status === 'queued' || earlier.status === 'running');
  const removed =
    !live &&
    (await job.remove().then(
      () => true,
      () => false,
    ));
  const again = removed ? await queued() : null;
  if (again?.data?.syncRunId === run.id) return run.id;
  await deps.db.syncRun.delete({ where: { id: run.id } });
  return String((again ?? job).data?.syncRunId ?? earlier?.id ?? run.id);
}

const urls = (media: unknown) =>
  Array.isArray(media) ? (media as ListingMedia[]).flatMap((m) => (m && typeof m.url === 'string' ? [m.url] : [])) : [];

/**
 * Sends each listing to Property Finder (`POST /v1/listings`, upserted by reference, pictures in order). A listing
 * without a live Trakheesi permit is not sent (a Dubai portal refuses it). Answers how many were sent.
 */
export async function pushListingsToPropertyFinder(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>,
  row: IntegrationRow,
  listingIds: string[],
  progress: (done: number) => Promise<void>,
): Promise<number> {
  const secrets = openSecrets(deps, row);
  const auth = await callProviderApi(deps, 'propertyfinder', row, {
    method: 'POST',
    path: '/v1/auth/token',
    json: { apiKey: secrets.apiKey, apiSecret: secrets.apiSecret },
  });
  const token = TokenSchema.safeParse(auth.json);
  if (auth.status !== 200 || !token.success) throw AppError.conflict(`Property Finder refused the credentials (HTTP ${auth.status}).`);
  const listings = await deps.db.listing.findMany({
    where: { id: { in: listingIds }, assetId: row.assetId, deletedAt: null },
    select: { ...feedListingSelect, permitStatus: true },
  });
  let sent = 0;
  for (const [i, l] of listings.entries()) {
    if (permitIsLive(l, deps.clock.now())) {
      const res = await callProviderApi(deps, 'propertyfinder', row, {
        method: 'POST',
        path: '/v1/listings',
        headers: { authorization: `Bearer ${token.data.accessToken}` },
        json: {
          reference: l.reference,
          permitNumber: l.permitNumber,
          offeringType: l.leadType === 'Rent' ? 'rent' : 'sale',
          price: l.price === null ? null : Number(l.price),
          title: { en: l.title, ar: l.titleAr },
          description: { en: l.description, ar: l.descriptionAr },
          bedrooms: l.bedrooms,
          bathrooms: l.bathrooms,
          size: l.size,
          images: urls(l.images),
        },
      });
      if (res.status >= 400) throw AppError.conflict(`Property Finder refused listing ${l.reference} (HTTP ${res.status}).`);
      sent += 1;
    }
    await progress(i + 1);
  }
  return sent;
}
