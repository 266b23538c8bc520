import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  providerRateLimit,
  type IntegrationProviderName,
  type SyncModule,
  type SyncRunCounts,
} from '@crm/domain';
import type { AppDeps } from '../../../core/deps.js';
import { AppError } from '../../../core/app-error.js';
import { providerBaseUrl } from '../integration-endpoints.js';
import { storedConfig, type IntegrationRow } from '../integration-record.js';
import { callProvider, ProviderCallError, type ProviderAnswer, type ProviderCall } from '../provider-call.js';

// What a provider's sync adapter is given for one run (docs/api.md 'Integrations', 'Jobs and retries'): the
// integration, a paced, logged call to the provider, and the run's progress and counts. An adapter throws on failure
// (ProviderCallError says whether a retry may cure it) and never marks the run itself: the sync job does.

/** The records a sync-* call named (their ids in our tables); absent: everything the module covers. */
export interface SyncScope {
  ids?: string[];
}

export interface SyncWork {
  deps: AppDeps;
  row: IntegrationRow;
  provider: IntegrationProviderName;
  runId: string;
  /** The provider's address in this deployment (integration-endpoints.ts); a 409 when it has none. */
  baseUrl(): string;
  /** One call to the provider at its deployment address, no faster than its rate limit allows. */
  call(call: ProviderCall, options?: { baseUrl?: string }): Promise<ProviderAnswer>;
  /**
   * The call that trades the integration's credentials for an access token: a 401 or 403 answer is the credentials
   * refused, said so in the run's error (what the user must fix in the settings) and not retried.
   */
  authenticate(call: ProviderCall, options?: { baseUrl?: string }): Promise<ProviderAnswer>;
  progress(done: number, total: number): Promise<void>;
  count(kind: keyof SyncRunCounts, n?: number): void;
  readonly counts: SyncRunCounts;
}

export type ModuleSync = (work: SyncWork, scope: SyncScope) => Promise<void>;
/** A provider's adapter: what it does for each module it synchronises. */
export type SyncAdapter = Partial<Record<SyncModule, ModuleSync>>;

/** Calls of one job spaced so one queue's worker stays under the provider's requests a minute. */
function pacer(provider: IntegrationProviderName) {
  const gapMs = 60_000 / providerRateLimit(provider);
  let next = 0;
  return async () => {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next = Math.max(Date.now(), next) + gapMs;
  };
}

export function createSyncWork(deps: AppDeps, row: IntegrationRow, provider: IntegrationProviderName, runId: string): SyncWork {
  const label = integrationProviders[provider].label;
  const pace = pacer(provider);
  const counts: SyncRunCounts = { created: 0, updated: 0, skipped: 0 };
  const baseUrl = () => {
    const url = providerBaseUrl(deps.env, provider, storedConfig(row));
    if (!url) throw AppError.conflict(M.noAddress(label), { provider, reason: 'NO_ADDRESS' });
    return url;
  };
  const send = async (call: ProviderCall, options: { baseUrl?: string } = {}) => {
    const url = options.baseUrl ?? baseUrl();
    await pace();
    return callProvider(deps, row, label, url, call);
  };
  return {
    deps,
    row,
    provider,
    runId,
    counts,
    baseUrl,
    call: send,
    async authenticate(call, options) {
      try {
        return await send(call, options);
      } catch (error) {
        if (error instanceof ProviderCallError && (error.status === 401 || error.status === 403))
          throw new ProviderCallError(M.credentialsRefused(label, error.status), error.status, false);
        throw error;
      }
    },
    async progress(done, total) {
      await deps.db.syncRun.update({ where: { id: runId }, data: { progressDone: done, progressTotal: total } });
    },
    count(kind, n = 1) {
      counts[kind] += n;
    },
  };
}
