import { INTEGRATION_MESSAGES as M, integrationProviders, type IntegrationProviderName, type IntegrationTestResult } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { CONNECTION_PROBES, type ConnectionProbe } from './connection-tests.js';
import { ProviderCredentialsError } from './providers/active-integration.js';
import { CONNECTION_CHECKS, type ConnectionOutcome } from './providers/connection-checks.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { requireIntegration } from './integration-guard.js';
import { recordIntegrationLog } from './integration-log.js';
import { openSecrets, storedConfig, type IntegrationRow } from './integration-record.js';
import { assertAssetOf } from './integration.service.js';

// POST {name}/test: the provider's cheapest authenticated call against its base URL, its outcome stored on the
// integration (status connected or error, lastTestedAt, lastError) and answered as { ok, latencyMs, detail }.
// A disabled integration may be tested (that is how it is checked before being switched on).

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** A provider whose test is one request (connection-tests.ts): built, sent as is, its answer judged by the probe. */
async function runProbe(
  deps: Pick<AppDeps, 'env' | 'clock' | 'log'>,
  provider: IntegrationProviderName,
  row: IntegrationRow,
  baseUrl: string,
  probeOf: NonNullable<(typeof CONNECTION_PROBES)[IntegrationProviderName]>,
  timeoutMs: number,
): Promise<ConnectionOutcome> {
  const label = integrationProviders[provider].label;
  let probe: ConnectionProbe | null = null;
  const operationOf = () => (probe ? `${probe.method} ${probe.path} (connection test)` : 'connection test');
  try {
    probe = await probeOf({ config: storedConfig(row), secrets: openSecrets(deps, row), env: deps.env, now: deps.clock.now() });
    const res = await fetch(probe.url ?? `${baseUrl}${probe.path}`, {
      method: probe.method,
      headers: probe.headers,
      ...(probe.body === undefined ? {} : { body: probe.body }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ok = probe.accepts(res.status, await readJson(res));
    const detail = ok
      ? `${label} accepted the credentials.`
      : res.status === 401 || res.status === 403
        ? M.credentialsRefused(label, res.status)
        : `${label} answered HTTP ${res.status}.`;
    return { ok, status: res.status, detail, operation: operationOf() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const detail =
      error instanceof ProviderCredentialsError
        ? `${label}: ${error.message}`
        : timedOut
          ? `${label} did not answer within ${Math.round(timeoutMs / 1000)} s.`
          : `${label} could not be reached.`;
    // The request's address and error only: its headers and body carry the credentials.
    deps.log.warn(
      { provider, assetId: row.assetId, err: error instanceof Error ? error.message : String(error) },
      'integration connection test failed',
    );
    return { ok: false, status: null, detail, operation: operationOf() };
  }
}

export async function testIntegration(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  options: { timeoutMs?: number } = {},
): Promise<IntegrationTestResult> {
  assertAssetOf(actor, assetId);
  const label = integrationProviders[provider].label;
  const probeOf = CONNECTION_PROBES[provider];
  // Providers whose test takes more than one call (a token first) run their own check (providers/connection-checks.ts).
  const check = CONNECTION_CHECKS[provider];
  if (!probeOf && !check) throw AppError.validation({ provider: [M.noConnectionTest(label)] }, M.noConnectionTest(label));
  const row = await requireIntegration(deps, assetId, provider, { allowDisabled: true });
  const started = performance.now();
  let outcome: ConnectionOutcome;
  if (check) outcome = await check(deps, row);
  else {
    const baseUrl = providerBaseUrl(deps.env, provider, storedConfig(row));
    if (!probeOf || !baseUrl) throw AppError.validation({ provider: [M.noConnectionTest(label)] }, M.noConnectionTest(label));
    outcome = await runProbe(deps, provider, row, baseUrl, probeOf, options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS);
  }
  const { ok, status, detail } = outcome;
  const latencyMs = Math.max(0, Math.round(performance.now() - started));
  await recordIntegrationLog(deps, {
    integration: row,
    direction: 'outbound',
    operation: outcome.operation,
    status,
    outcome: ok ? 'ok' : 'failed',
    durationMs: latencyMs,
    error: ok ? null : detail,
  });
  await deps.db.integrationConfig.update({
    where: { id: row.id },
    data: { status: ok ? 'connected' : 'error', lastTestedAt: deps.clock.now(), lastError: ok ? null : detail },
  });
  return { ok, latencyMs, detail };
}
