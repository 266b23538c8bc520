import { integrationProviders, type IntegrationProviderName } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { storedConfig, type IntegrationRow } from './integration-record.js';

// One JSON call to a provider's API at its deployment address (integration-endpoints.ts): a bounded wait, no
// redirects, and a provider that cannot be reached or fails (5xx) answered as 503 naming it, never a guess.

export const PROVIDER_CALL_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  json: unknown;
}

export async function callProvider(
  deps: Pick<AppDeps, 'env'>,
  provider: IntegrationProviderName,
  row: IntegrationRow,
  path: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<ProviderAnswer> {
  const label = integrationProviders[provider].label;
  const baseUrl = providerBaseUrl(deps.env, provider, storedConfig(row));
  if (!baseUrl) throw AppError.conflict(`${label} has no API address in this deployment.`, { provider, reason: 'NO_ADDRESS' });
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_CALL_TIMEOUT_MS),
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `${label} did not answer. Try again later.`, { provider });
  }
  if (res.status >= 500) throw new AppError('SERVICE_UNAVAILABLE', `${label} answered HTTP ${res.status}. Try again later.`, { provider });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  return { status: res.status, json };
}
