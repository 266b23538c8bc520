import { INTEGRATION_MESSAGES as M, integrationProviders, type IntegrationProviderName, type IntegrationUnavailable } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { findIntegration, statusOf, type IntegrationRow } from './integration-record.js';

// The one guard of every call that needs a provider (docs/architecture.md 'Calls that need an integration'):
// listings/leads/members sync-*, trakheesi, offices/*, synchronization/{x}, provider lookups. An asset that has not
// configured the provider (no row, or a required config or secret missing) or has switched it off answers
// 409 CONFLICT with data { provider, reason } and a message naming the provider.

export function integrationUnavailable(provider: IntegrationProviderName, reason: IntegrationUnavailable['reason']): AppError {
  const label = integrationProviders[provider].label;
  const data: IntegrationUnavailable = { provider, reason };
  return AppError.conflict(reason === 'NOT_CONFIGURED' ? M.notConfigured(label) : M.disabled(label), data);
}

/**
 * The asset's integration row when it may be used; else throws the 409. `allowDisabled` is for the integration's
 * own settings calls (a connection test before switching it on).
 */
export async function requireIntegration(
  deps: Pick<AppDeps, 'db'>,
  assetId: string,
  provider: IntegrationProviderName,
  options: { allowDisabled?: boolean } = {},
): Promise<IntegrationRow> {
  const row = await findIntegration(deps, assetId, provider);
  if (!row || statusOf(row) === 'not_configured') throw integrationUnavailable(provider, 'NOT_CONFIGURED');
  if (!row.enabled && !options.allowDisabled) throw integrationUnavailable(provider, 'DISABLED');
  return row;
}
