import { z } from 'zod';
import { PERMIT_EXPIRING_DAYS, PERMIT_INTEGRATION } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { recordActivity } from '../../resources/activity-log.js';
import { listingsChanged, requireIntegration, checkPermit, type PermitOutcome } from '../integrations/index.js';

// The daily permit re-check (docs/api.md 'Listing feeds and permits'): every listing whose Trakheesi permit is
// valid and ends within PERMIT_EXPIRING_DAYS is asked about again (Trakheesi, when the asset has it on; else its
// expiry decides). A permit found expired or invalid takes the listing off every feed and Property Finder (both
// carry only live permits; the feeds are rebuilt and Property Finder unpublishes it) and tells its agent (a staff
// notification 'permitExpired', once per permit and expiry). Safe to run twice: a listing already withdrawn is no
// longer 'valid', and the notification's dedupe key holds.

export const PERMIT_RECHECK_JOB_ID = 'permit-recheck';
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 200;

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'log' | 'jobs'>;

interface Candidate {
  id: string;
  companyId: string;
  assetId: string;
  permitNumber: string | null;
  permitExpiresAt: Date | null;
  permitStatus: string;
  agent: { userId: string | null } | null;
}

/** Trakheesi's answer, or the expiry's when the asset has no Trakheesi on; null when Trakheesi failed (next day). */
async function outcomeOf(deps: Deps, listing: Candidate, useTrakheesi: boolean): Promise<PermitOutcome | null> {
  const now = deps.clock.now();
  if (useTrakheesi && listing.permitNumber) {
    try {
      const outcome = await checkPermit(deps, listing.assetId, listing.permitNumber, listing.permitExpiresAt);
      const expiresAt = outcome.expiresAt ?? listing.permitExpiresAt;
      return outcome.status === 'valid' && expiresAt && expiresAt <= now ? { status: 'expired', expiresAt } : outcome;
    } catch (error) {
      deps.log.warn({ listingId: listing.id, err: error instanceof Error ? error.message : String(error) }, 'permit not re-checked');
      return null;
    }
  }
  return listing.permitExpiresAt && listing.permitExpiresAt <= now ? { status: 'expired', expiresAt: listing.permitExpiresAt } : null;
}

export async function recheckPermits(deps: Deps): Promise<{ checked: number; withdrawn: number }> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + PERMIT_EXPIRING_DAYS * DAY_MS);
  const trakheesi = new Map<string, boolean>();
  const withdrawn = new Map<string, string[]>();
  let checked = 0;
  let after: string | null = null;
  for (;;) {
    const page: Candidate[] = await deps.db.listing.findMany({
      where: {
        deletedAt: null,
        permitStatus: 'valid',
        permitNumber: { not: null },
        permitExpiresAt: { lte: horizon },
        ...(after ? { id: { gt: after } } : {}),
      },
      select: {
        id: true,
        companyId: true,
        assetId: true,
        permitNumber: true,
        permitExpiresAt: true,
        permitStatus: true,
        agent: { select: { userId: true } },
      },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    for (const listing of page) {
      if (!trakheesi.has(listing.assetId)) {
        const usable = await requireIntegration(deps, listing.assetId, PERMIT_INTEGRATION).then(
          () => true,
          () => false,
        );
        trakheesi.set(listing.assetId, usable);
      }
      const asked = trakheesi.get(listing.assetId) === true;
      const outcome = await outcomeOf(deps, listing, asked);
      checked += 1;
      if (!outcome) continue;
      const expiresAt = outcome.expiresAt ?? listing.permitExpiresAt;
      const lost = outcome.status !== 'valid';
      await deps.db.$transaction(async (tx) => {
        const data = { permitStatus: outcome.status, permitExpiresAt: expiresAt, ...(asked ? { permitCheckedAt: now } : {}) };
        await tx.listing.update({ where: { id: listing.id }, data });
        await recordActivity(
          tx,
          [
            {
              userId: null,
              companyId: listing.companyId,
              assetId: listing.assetId,
              action: 'update',
              subjectType: 'listings',
              subjectId: listing.id,
              before: { permitStatus: listing.permitStatus, permitExpiresAt: listing.permitExpiresAt },
              after: { permitStatus: outcome.status, permitExpiresAt: expiresAt },
            },
          ],
          now,
        );
        if (lost && listing.agent?.userId) {
          await tx.staffNotification.createMany({
            data: [
              {
                companyId: listing.companyId,
                assetId: listing.assetId,
                userId: listing.agent.userId,
                kind: 'permitExpired',
                listingId: listing.id,
                dedupeKey: `permitExpired:${listing.id}:${expiresAt?.toISOString() ?? 'none'}`,
              },
            ],
            skipDuplicates: true,
          });
        }
      });
      if (lost) withdrawn.set(listing.assetId, [...(withdrawn.get(listing.assetId) ?? []), listing.id]);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? null;
  }
  // Off the feeds and Property Finder: the same work a listing write queues.
  for (const [assetId, ids] of withdrawn) await listingsChanged(deps, assetId, ids);
  return { checked, withdrawn: [...withdrawn.values()].reduce((sum, ids) => sum + ids.length, 0) };
}

export const permitRecheckJob = defineJob({
  id: PERMIT_RECHECK_JOB_ID,
  payload: z.looseObject({}),
  attempts: 3,
  backoffMs: 60_000,
  handle: async (_payload, { deps }) => recheckPermits(deps),
});

/** In a worker process: the daily re-check (an idempotent upsert; Redis may have lost it). */
export async function startPermitRecheck(deps: AppDeps): Promise<() => void> {
  await deps.jobs
    .queue(PERMIT_RECHECK_JOB_ID)
    .upsertJobScheduler(PERMIT_RECHECK_JOB_ID, { every: DAY_MS }, { name: PERMIT_RECHECK_JOB_ID, data: {} })
    .catch((error: unknown) =>
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'permit re-check not scheduled'),
    );
  return () => undefined;
}
