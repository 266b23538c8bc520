import { permitIsLive, type ListingMedia } from '@crm/domain';
import { z } from 'zod';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { feedListingSelect } from '../../../listings/listing-feed-query.js';
import { openSecrets } from '../../integration-record.js';
import { pullPropertyFinderLeads } from '../../portal-poll.job.js';
import { ProviderCallError } from '../../provider-call.js';
import { pushIfChanged } from '../../sync/external-ref.js';
import type { SyncAdapter, SyncWork } from '../../sync/sync-work.js';

// Property Finder's sync adapter (docs/api.md 'Integrations'): listings pushed to the Enterprise API (`POST
// /v1/listings`, upserted by reference, pictures in order; unchanged listings are not sent again), and the leads
// poll (the same as the safety poll's). A push failure is thrown, so the queue retries a 5xx or 429.

const TokenSchema = z.object({ accessToken: z.string().min(1) });
const BATCH = 500;

const urls = (media: unknown) =>
  Array.isArray(media) ? (media as ListingMedia[]).flatMap((m) => (m && typeof m.url === 'string' ? [m.url] : [])) : [];

async function accessToken(work: SyncWork): Promise<string> {
  const secrets = openSecrets(work.deps, work.row);
  const auth = await work.authenticate({
    method: 'POST',
    path: '/v1/auth/token',
    json: { apiKey: secrets.apiKey, apiSecret: secrets.apiSecret },
  });
  const token = TokenSchema.safeParse(auth.json);
  if (!token.success) throw new ProviderCallError('Property Finder gave no access token.', auth.status, false);
  return token.data.accessToken;
}

/** The listings a push sends: those named, else every enabled, Published listing naming Property Finder. */
function pushWhere(work: SyncWork, ids: string[] | undefined): Prisma.ListingWhereInput {
  const base = { assetId: work.row.assetId, deletedAt: null };
  return ids ? { ...base, id: { in: ids } } : { ...base, enabled: true, status: 'Published', portals: { has: 'propertyfinder' } };
}

async function pushListings(work: SyncWork, scope: { ids?: string[] }) {
  const { deps } = work;
  const listings = await deps.db.listing.findMany({
    where: pushWhere(work, scope.ids),
    select: { ...feedListingSelect, permitStatus: true },
    orderBy: { id: 'asc' },
    take: BATCH,
  });
  await work.progress(0, listings.length);
  const token = listings.length ? await accessToken(work) : '';
  for (const [i, l] of listings.entries()) {
    if (!permitIsLive(l, deps.clock.now())) {
      // A Dubai portal refuses a listing without a live Trakheesi permit: not sent.
      work.count('skipped');
    } else {
      const body = {
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
      };
      await pushIfChanged(work, 'listing', l.id, body, async () => {
        const res = await work.call({ method: 'POST', path: '/v1/listings', headers: { authorization: `Bearer ${token}` }, json: body });
        const id = (res.json as { id?: unknown } | null)?.id;
        return typeof id === 'string' ? id : null;
      });
    }
    await work.progress(i + 1, listings.length);
  }
}

async function pollLeads(work: SyncWork) {
  const { read, stored } = await pullPropertyFinderLeads(work.deps, work.row, work.baseUrl());
  work.count('created', stored);
  work.count('skipped', read - stored);
  await work.progress(read, read);
}

export const propertyFinderSync: SyncAdapter = { listings: pushListings, leads: pollLeads };
