import { PROPERTY_FINDER_PORTAL, type SyncModule } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { SyncRun as SyncRunRow } from '../../../../generated/prisma/client.js';
import { accountIsComplete, listAccounts } from '../../integration-accounts.js';
import { pollAccountLeads } from '../../portal-poll.job.js';
import { pfSession } from './pf-client.js';
import { LISTING_ENTITY, syncListingToPropertyFinder } from './pf-listing-sync.js';
import { syncPfMembers } from './pf-members.js';

// A Property Finder synchronisation run (PATCH synchronization/propertyfinder with runNow, or the schedule): its
// modules for every complete account of the integration, one step at a time, the run's progress counting the steps
// done. leads: each account's leads polled (as the safety poll does); members: each account's users mapped to
// members; listings: every listing published to Property Finder, or known there, brought in line (sent, unchanged,
// or unpublished). The first failure ends the run 'failed' with its reason; what was done stays done.

const LISTING_PAGE = 500;

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

export async function runPropertyFinderSync(deps: AppDeps, run: SyncRunRow): Promise<{ steps: number }> {
  const modules = run.kind.split(',') as SyncModule[];
  const accounts = (await listAccounts(deps.db, run.integrationId)).filter((account) => accountIsComplete(deps, account));
  const listingIds = modules.includes('listings') ? await listingIdsOf(deps, run.assetId) : [];
  const perAccount = modules.filter((module) => module === 'leads' || module === 'members');
  const total = accounts.length * perAccount.length + listingIds.length;
  let done = 0;
  const step = async () => {
    done += 1;
    await deps.db.syncRun.update({ where: { id: run.id }, data: { progressDone: done } });
  };
  await deps.db.syncRun.update({
    where: { id: run.id },
    data: { status: 'running', startedAt: run.startedAt ?? deps.clock.now(), progressTotal: total, progressDone: 0 },
  });
  try {
    for (const account of accounts) {
      if (perAccount.includes('leads')) {
        await pollAccountLeads(deps, account);
        await step();
      }
      if (perAccount.includes('members')) {
        await syncPfMembers(deps, await pfSession(deps, account));
        await step();
      }
    }
    for (const listingId of listingIds) {
      await syncListingToPropertyFinder(deps, run.assetId, listingId);
      await step();
    }
    await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'completed', finishedAt: deps.clock.now(), error: null } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'failed', finishedAt: deps.clock.now(), error: message } });
  }
  return { steps: done };
}
