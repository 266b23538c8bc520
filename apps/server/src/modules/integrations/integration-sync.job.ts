import { z } from 'zod';
import { INTEGRATION_MESSAGES as M, integrationProviders, isIntegrationProviderName } from '@crm/domain';
import { defineJob } from '../../core/jobs/job-definition.js';

// Runs a queued SyncRun (PATCH synchronization/{x} with runNow). Safe to run twice: a finished run is left alone.
// No provider's sync adapter is built in this release yet, so a run ends failed and says so (sync-status shows it);
// each adapter, when added, replaces that ending with its own work.

export const integrationSyncJob = defineJob({
  id: 'integration-sync',
  payload: z.strictObject({ syncRunId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
  handle: async ({ syncRunId }, { deps }) => {
    const run = await deps.db.syncRun.findUnique({ where: { id: syncRunId } });
    if (!run || run.status === 'completed' || run.status === 'failed') return { skipped: true };
    const now = deps.clock.now();
    const label = isIntegrationProviderName(run.provider) ? integrationProviders[run.provider].label : run.provider;
    await deps.db.syncRun.update({
      where: { id: run.id },
      data: { status: 'failed', startedAt: run.startedAt ?? now, finishedAt: now, error: M.noSyncAdapter(label) },
    });
    return { provider: run.provider, synced: 0 };
  },
});
