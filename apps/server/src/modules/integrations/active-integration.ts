import { INTEGRATION_MESSAGES as M, integrationProviders, type IntegrationConfig, type IntegrationProviderName } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { SecretValues } from '../../core/secret-box.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { requireIntegration } from './integration-guard.js';
import { findIntegration, openSecrets, statusOf, storedConfig, type IntegrationRow } from './integration-record.js';
import { UnrecoverableError } from 'bullmq';
import { callProvider, callProviderApi, ProviderCallError, type ProviderAnswer, type ProviderCall } from './provider-call.js';
import { AppError } from '../../core/app-error.js';
import type { SyncWork } from './sync/sync-work.js';

// An asset's provider as its client uses it: the row, its config, its secrets in clear (only to call the provider),
// its label and its API address. Jobs and hooks ask `activeIntegration` (null: nothing to do); user calls ask
// `requiredIntegration`, which answers the 409 of docs/architecture.md 'Calls that need an integration'.

export interface ActiveIntegration {
  provider: IntegrationProviderName;
  row: IntegrationRow;
  label: string;
  config: IntegrationConfig;
  secrets: SecretValues;
  baseUrl: string;
  /** Set for a sync run's use: its calls go through the run's paced, logged call (sync-work.ts) instead. */
  send?: (call: ProviderCall) => Promise<ProviderAnswer>;
}

type Deps = Pick<AppDeps, 'db' | 'env'>;

function contextOf(deps: Deps, provider: IntegrationProviderName, row: IntegrationRow): ActiveIntegration | null {
  const config = storedConfig(row);
  const baseUrl = providerBaseUrl(deps.env, provider, config);
  if (!baseUrl) return null;
  return { provider, row, label: integrationProviders[provider].label, config, secrets: openSecrets(deps, row), baseUrl };
}

/** The provider when the asset has it configured and switched on; else null (a hook or job then does nothing). */
export async function activeIntegration(deps: Deps, assetId: string, provider: IntegrationProviderName): Promise<ActiveIntegration | null> {
  const row = await findIntegration(deps, assetId, provider);
  if (!row?.enabled || statusOf(row) === 'not_configured') return null;
  return contextOf(deps, provider, row);
}

/** The provider for a user's call: 409 when not configured or disabled (`allowDisabled` for its own settings calls). */
export async function requiredIntegration(
  deps: Deps,
  assetId: string,
  provider: IntegrationProviderName,
  options: { allowDisabled?: boolean } = {},
): Promise<ActiveIntegration> {
  const row = await requireIntegration(deps, assetId, provider, options);
  const context = contextOf(deps, provider, row);
  if (!context) {
    const label = integrationProviders[provider].label;
    throw AppError.conflict(M.noAddress(label), { provider, reason: 'NO_ADDRESS' });
  }
  return context;
}

/** The integration of a sync run as its client uses it, each call paced under the provider's rate by the run. */
export function integrationOfRun(work: SyncWork): ActiveIntegration {
  // The run's address (a 409 when this deployment has none), the same one `activeIntegration` answers.
  const baseUrl = work.baseUrl();
  const { deps, provider, row } = work;
  return {
    provider,
    row,
    label: integrationProviders[provider].label,
    config: storedConfig(row),
    secrets: openSecrets(deps, row),
    baseUrl,
    send: (call) => work.call(call, { baseUrl }),
  };
}

/** One logged call to the provider (provider-call.ts): non-2xx throws ProviderCallError, retryable or not. */
export function callIntegration(
  deps: Pick<AppDeps, 'db' | 'log'>,
  integration: ActiveIntegration,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  if (integration.send) return integration.send(call);
  return callProvider(deps, integration.row, integration.label, integration.baseUrl, call);
}

/**
 * A call made for a user's request (a lookup, a short link): no answer or a 5xx is a 503 naming the provider
 * (callProviderApi); a refusal (4xx) is a 409 saying so, with the provider's status, never a guess.
 */
export async function askIntegration(
  deps: Pick<AppDeps, 'db' | 'log' | 'env'>,
  integration: ActiveIntegration,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const answer = await callProviderApi(deps, integration.provider, integration.row, call);
  if (answer.status >= 200 && answer.status < 300) return answer;
  throw AppError.conflict(
    `${integration.label} refused the call (HTTP ${answer.status}): check its settings under Settings > Integrations.`,
    {
      provider: integration.provider,
      reason: 'PROVIDER_REFUSED',
      status: answer.status,
    },
  );
}

/** A config list as strings (ids picked in the form). */
export const configList = (config: IntegrationConfig, key: string): string[] => {
  const value = config[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

/**
 * A job's provider work: a refusal no retry can cure (a 4xx other than 408 and 429) ends the job at once
 * (UnrecoverableError); no answer, 408, 429 and 5xx are thrown as they are, so BullMQ retries them.
 */
export async function asProviderJob<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(error.message);
    throw error;
  }
}

/** Credentials that cannot even be used to call the provider (an unreadable service account): said as such. */
export class ProviderCredentialsError extends Error {}
