import { z } from 'zod';
import { INTEGRATION_MESSAGES as M, integrationProviders, isIntegrationProviderName } from '@crm/domain';
import { defineJob } from '../../core/jobs/job-definition.js';
import { pushListingsToPropertyFinder } from './listing-push.js';
import { runPropertyFinderSync } from './providers/propertyfinder/pf-sync-run.js';

// Runs a queued SyncRun (PATCH synchronization/{x} with runNow, or a listing push). Safe to run twice: a finished
// run is left alone, and a push sends only what changed (ExternalRef hashes). Property Finder's modules (leads,
// members, listings: pf-sync-run.ts) and its listing pushes are the adapters built so far; any other run ends failed
// and says so (sync-status); each adapter, when added, replaces that ending with its own work.

export const integrationSyncJob = defineJob({
  id: 'integration-sync',
  payload: z.strictObject({ syncRunId: z.uuid(), listingIds: z.array(z.uuid()).max(500).optional() }),
  attempts: 3,
  backoffMs: 2000,
  handle: async ({ syncRunId, listingIds }, { deps }) => {
    const run = await deps.db.syncRun.findUnique({ where: { id: syncRunId }, include: { integration: true } });
    if (!run || run.status === 'completed' || run.status === 'failed') return { skipped: true };
    if (run.provider === 'propertyfinder' && !listingIds?.length) return runPropertyFinderSync(deps, run);
    const now = deps.clock.now();
    const label = isIntegrationProviderName(run.provider) ? integrationProviders[run.provider].label : run.provider;
    if (run.provider === 'propertyfinder' && listingIds?.length) {
      await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'running', startedAt: run.startedAt ?? now } });
      try {
        const sent = await pushListingsToPropertyFinder(deps, run.integration, listingIds, async (done) => {
          await deps.db.syncRun.update({ where: { id: run.id }, data: { progressDone: done } });
        });
        await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'completed', finishedAt: deps.clock.now() } });
        return { provider: run.provider, synced: sent };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'failed', finishedAt: deps.clock.now(), error: message } });
        return { provider: run.provider, synced: 0, error: message };
      }
    }
    await deps.db.syncRun.update({
      where: { id: run.id },
      data: { status: 'failed', startedAt: run.startedAt ?? now, finishedAt: now, error: M.noSyncAdapter(label) },
    });
    return { provider: run.provider, synced: 0 };
  },
});
