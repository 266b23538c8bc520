import { z } from 'zod';
import { LEAD_ENGINE_MESSAGES, LEAD_JOB_STATUS } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';

// Runs a queued lead sync (lead-sync.service.ts). Safe to run twice: a finished JobRun is left alone.

/** The integrations (IntegrationConfig.name) that can receive the asset's leads. */
export const LEAD_SYNC_PROVIDER_NAMES = ['salesforce', 'goyzer'] as const;

export interface LeadSyncProvider {
  /** Pushes the leads to the provider; answers how many were synced. */
  sync(deps: AppDeps, input: { assetId: string; leadIds: string[]; config: unknown }): Promise<{ synced: number }>;
}

/** Providers built into this release, by integration name. None yet: each one is added here. */
export const LEAD_SYNC_PROVIDERS: Partial<Record<(typeof LEAD_SYNC_PROVIDER_NAMES)[number], LeadSyncProvider>> = {};

const ParamsSchema = z.looseObject({ leadIds: z.array(z.string()) });

export const leadSyncJob = defineJob({
  id: 'lead-sync',
  payload: z.strictObject({ jobRunId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
  handle: async ({ jobRunId }, { deps }) => {
    const run = await deps.db.jobRun.findUnique({ where: { id: jobRunId } });
    if (!run || run.status === LEAD_JOB_STATUS.COMPLETED || run.status === LEAD_JOB_STATUS.FAILED) return { skipped: true };
    await deps.db.jobRun.update({ where: { id: run.id }, data: { status: LEAD_JOB_STATUS.RUNNING } });
    const { leadIds } = ParamsSchema.parse(run.params ?? { leadIds: [] });
    const configs = await deps.db.integrationConfig.findMany({
      where: { assetId: run.assetId, enabled: true, name: { in: [...LEAD_SYNC_PROVIDER_NAMES] } },
      orderBy: { name: 'asc' },
    });
    const finish = (data: { status: string; error?: string; result: Record<string, unknown>; progress?: number }) =>
      deps.db.jobRun.update({
        where: { id: run.id },
        data: {
          status: data.status,
          error: data.error ?? null,
          result: data.result as object,
          progress: data.progress ?? 0,
          finishedAt: deps.clock.now(),
        },
      });
    const config = configs[0];
    if (!config) {
      await finish({ status: LEAD_JOB_STATUS.FAILED, error: LEAD_ENGINE_MESSAGES.noSyncProvider, result: { provider: null, synced: 0 } });
      return { provider: null };
    }
    const provider = LEAD_SYNC_PROVIDERS[config.name as (typeof LEAD_SYNC_PROVIDER_NAMES)[number]];
    if (!provider) {
      await finish({
        status: LEAD_JOB_STATUS.FAILED,
        error: LEAD_ENGINE_MESSAGES.syncProviderUnavailable(config.name),
        result: { provider: config.name, synced: 0 },
      });
      return { provider: config.name };
    }
    const outcome = await provider.sync(deps, { assetId: run.assetId, leadIds, config: config.config });
    await finish({
      status: LEAD_JOB_STATUS.COMPLETED,
      result: { provider: config.name, synced: outcome.synced },
      progress: leadIds.length,
    });
    return { provider: config.name, synced: outcome.synced };
  },
});
