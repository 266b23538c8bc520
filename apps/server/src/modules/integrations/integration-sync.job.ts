import { z } from 'zod';
import { INTEGRATION_MESSAGES as M, integrationProviders, isIntegrationProviderName } from '@crm/domain';
import { defineJob } from '../../core/jobs/job-definition.js';
import { pollPropertyFinderLeads } from './portal-poll.job.js';

// Runs a queued SyncRun (PATCH synchronization/{x} with runNow). Safe to run twice: a finished run is left alone.
// Property Finder's leads poll now; no other provider's sync adapter is built in this release yet, so their run
// ends failed and says so (sync-status shows it); each adapter, when added, replaces that ending with its own work.

export const integrationSyncJob = defineJob({
  id: 'integration-sync',
  payload: z.strictObject({ syncRunId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
  handle: async ({ syncRunId }, { deps }) => {
    const run = await deps.db.syncRun.findUnique({ where: { id: syncRunId } });
    if (!run || run.status === 'completed' || run.status === 'failed') return { skipped: true };
    if (run.provider === 'propertyfinder' && run.kind.split(',').includes('leads')) {
      return pollPropertyFinderLeads(deps, run.integrationId, run.id);
    }
    const now = deps.clock.now();
    const label = isIntegrationProviderName(run.provider) ? integrationProviders[run.provider].label : run.provider;
    await deps.db.syncRun.update({
      where: { id: run.id },
      data: { status: 'failed', startedAt: run.startedAt ?? now, finishedAt: now, error: M.noSyncAdapter(label) },
    });
    return { provider: run.provider, synced: 0 };
  },
});
