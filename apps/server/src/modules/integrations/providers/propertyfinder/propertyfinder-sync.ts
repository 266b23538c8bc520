import { PROPERTY_FINDER_PORTAL } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { accountIsComplete, listAccounts, type AccountRow } from '../../integration-accounts.js';
import { pollAccountLeads } from './pf-lead-poll.job.js';
import type { SyncAdapter, SyncScope, SyncWork } from '../../sync/sync-work.js';
import { pfSession } from './pf-client.js';
import { LISTING_ENTITY, syncListingToPropertyFinder, type ListingSyncOutcome } from './pf-listing-sync.js';
import { syncPfMembers } from './pf-members.js';

// Property Finder's sync adapter (docs/api.md 'Integrations', 'Property Finder accounts'), run by its provider queue
// (sync/provider-sync.job.ts: rate limit, retries, SyncRun), for every complete account of the integration:
// - listings: those named (a listing write, sync-now, sync-multiple-listings), else every listing published to
//   Property Finder or known there, brought in line account by account (pf-listing-sync.ts: sent when changed,
//   unpublished when withdrawn); counted created (first sent), updated (sent again or unpublished) or skipped;
// - leads: each account's leads polled, as its safety poll does (progress: the accounts done);
// - members: each account's users mapped to our members (likewise).
// A provider failure is thrown, so the queue retries a 5xx or 429; what was done stays done (ExternalRef hashes).

const LISTING_PAGE = 500;

async function completeAccounts(work: SyncWork): Promise<AccountRow[]> {
  return (await listAccounts(work.deps.db, work.row.id)).filter((account) => accountIsComplete(work.deps, account));
}

/** Every listing that names Property Finder, and every one Property Finder has had from us. */
async function listingIdsOf(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<string[]> {
  const known = await deps.db.externalRef.findMany({ where: { assetId, entity: LISTING_ENTITY }, select: { entityId: true } });
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { id: string }[] = await deps.db.listing.findMany({
      where: {
        assetId,
        ...(after ? { id: { gt: after } } : {}),
        OR: [{ portals: { has: PROPERTY_FINDER_PORTAL }, deletedAt: null }, { id: { in: known.map((ref) => ref.entityId) } }],
      },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: LISTING_PAGE,
    });
    ids.push(...page.map((row) => row.id));
    if (page.length < LISTING_PAGE) return ids;
    after = page[page.length - 1]?.id ?? null;
  }
}

const COUNTED_AS = {
  created: 'created',
  updated: 'updated',
  unpublished: 'updated',
  unchanged: 'skipped',
  skipped: 'skipped',
} as const satisfies Record<ListingSyncOutcome, 'created' | 'updated' | 'skipped'>;

async function syncListings(work: SyncWork, scope: SyncScope) {
  const ids = scope.ids ?? (await listingIdsOf(work.deps, work.row.assetId));
  await work.progress(0, ids.length);
  for (const [i, listingId] of ids.entries()) {
    const outcomes = await syncListingToPropertyFinder(work.deps, work.row.assetId, listingId, work);
    // One count per listing: its strongest outcome over the accounts (none complete: skipped).
    const counted = outcomes.map((outcome) => COUNTED_AS[outcome]);
    work.count(counted.includes('created') ? 'created' : counted.includes('updated') ? 'updated' : 'skipped');
    await work.progress(i + 1, ids.length);
  }
}

async function pollLeads(work: SyncWork) {
  const accounts = await completeAccounts(work);
  await work.progress(0, accounts.length);
  for (const [i, account] of accounts.entries()) {
    const polled = await pollAccountLeads(work.deps, account, work);
    work.count('created', polled.stored);
    work.count('skipped', polled.read - polled.stored);
    await work.progress(i + 1, accounts.length);
  }
}

async function mapMembers(work: SyncWork) {
  const accounts = await completeAccounts(work);
  await work.progress(0, accounts.length);
  for (const [i, account] of accounts.entries()) {
    const { users, mapped } = await syncPfMembers(work.deps, await pfSession(work.deps, account, work));
    work.count('updated', mapped);
    work.count('skipped', users - mapped);
    await work.progress(i + 1, accounts.length);
  }
}

export const propertyFinderSync: SyncAdapter = { listings: syncListings, leads: pollLeads, members: mapMembers };
