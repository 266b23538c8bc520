import {
  INTEGRATION_MESSAGES as M,
  integrationProviders,
  isMultiAccountProvider,
  type IntegrationConfig,
  type IntegrationProviderName,
  type IntegrationTestResult,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { SecretValues } from '../../core/secret-box.js';
import type { ConnectionOutcome, ConnectionProbe, ProbeBuilder } from './connection-tests.js';
import { accountConfig, accountStatus, listAccounts, openAccountSecrets, sumUpAccounts } from './integration-accounts.js';
import { ProviderCredentialsError } from './active-integration.js';
import { providerModule } from './providers/provider-registry.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { requireIntegration } from './integration-guard.js';
import { recordIntegrationLog } from './integration-log.js';
import { openSecrets, storedConfig, type IntegrationRow } from './integration-record.js';
import { assertAssetOf } from './integration.service.js';
import { feedUrlOf } from './feed-token.js';

// POST {name}/test: the provider's cheapest authenticated call against its base URL, its outcome stored on the
// integration (status connected or error, lastTestedAt, lastError) and answered as { ok, latencyMs, detail }.
// A disabled integration may be tested (that is how it is checked before being switched on). A multi-account
// provider tests the account named (`?account=`), else each of its accounts; a provider without an API to call
// (Bayut, dubizzle) checks what it can and says so.

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>;

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** A provider whose test is one request (its declaration's probe): built, sent as is, its answer judged by the probe. */
async function runProbe(
  deps: Pick<AppDeps, 'env' | 'clock' | 'log'>,
  provider: IntegrationProviderName,
  row: IntegrationRow,
  setup: { config: IntegrationConfig; secrets: SecretValues },
  probeOf: ProbeBuilder,
  timeoutMs: number,
): Promise<ConnectionOutcome> {
  const label = integrationProviders[provider].label;
  const baseUrl = providerBaseUrl(deps.env, provider, setup.config);
  if (!baseUrl) throw AppError.validation({ provider: [M.noConnectionTest(label)] }, M.noConnectionTest(label));
  let probe: ConnectionProbe | null = null;
  const operationOf = () => (probe ? `${probe.method} ${probe.path} (connection test)` : 'connection test');
  try {
    probe = await probeOf({ ...setup, env: deps.env, now: deps.clock.now() });
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

/** Runs one test, logs it on the integration and answers it timed; never throws for the provider's answer. */
async function timedTest(deps: Deps, row: IntegrationRow, test: () => Promise<ConnectionOutcome>): Promise<IntegrationTestResult> {
  const started = performance.now();
  const { ok, status, detail, operation } = await test();
  const latencyMs = Math.max(0, Math.round(performance.now() - started));
  await recordIntegrationLog(deps, {
    integration: row,
    direction: 'outbound',
    operation,
    status,
    outcome: ok ? 'ok' : 'failed',
    durationMs: latencyMs,
    error: ok ? null : detail,
  });
  return { ok, latencyMs, detail };
}

/** Each account named (or all), tested one by one; each keeps its own outcome, the integration their sum. */
async function testAccounts(deps: Deps, row: IntegrationRow, accountId: string | undefined, timeoutMs: number) {
  const provider = row.name as IntegrationProviderName;
  const label = integrationProviders[provider].label;
  const connection = providerModule(provider).connection;
  const probeOf = connection && 'probe' in connection ? connection.probe : undefined;
  if (!probeOf) throw AppError.validation({ provider: [M.noConnectionTest(label)] }, M.noConnectionTest(label));
  const accounts = (await listAccounts(deps.db, row.id)).filter((account) => (accountId ? account.id === accountId : true));
  if (accountId && !accounts.length) throw AppError.notFound(M.accountNotFound);
  const tested = accounts.filter((account) => accountStatus(account) !== 'not_configured');
  if (!tested.length) throw AppError.validation({ account: [M.accountNeeded(label)] }, M.accountNeeded(label));
  const results: { label: string; result: IntegrationTestResult }[] = [];
  for (const account of tested) {
    const setup = { config: accountConfig(account), secrets: openAccountSecrets(deps, account) };
    const result = await timedTest(deps, row, () => runProbe(deps, provider, row, setup, probeOf, timeoutMs));
    await deps.db.integrationAccount.update({
      where: { id: account.id },
      data: { status: result.ok ? 'connected' : 'error', lastTestedAt: deps.clock.now(), lastError: result.ok ? null : result.detail },
    });
    results.push({ label: account.label, result });
  }
  await sumUpAccounts(deps.db, row.id);
  await deps.db.integrationConfig.update({ where: { id: row.id }, data: { lastTestedAt: deps.clock.now() } });
  const [only] = results;
  if (results.length === 1 && only) return only.result;
  return {
    ok: results.every((r) => r.result.ok),
    latencyMs: results.reduce((sum, r) => sum + r.result.latencyMs, 0),
    detail: results.map((r) => `${r.label}: ${r.result.detail}`).join(' '),
  };
}

export async function testIntegration(
  deps: Deps,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  options: { timeoutMs?: number; account?: string | undefined } = {},
): Promise<IntegrationTestResult> {
  assertAssetOf(actor, assetId);
  const label = integrationProviders[provider].label;
  // The provider's declaration says how it is tested: one request, a check of several calls (a token first), or what
  // is stored (a provider with no API to call).
  const connection = providerModule(provider).connection;
  const probeOf = connection && 'probe' in connection ? connection.probe : undefined;
  const check = connection && 'check' in connection ? connection.check : undefined;
  const local = connection && 'local' in connection ? connection.local : undefined;
  if (!probeOf && !check && !local) throw AppError.validation({ provider: [M.noConnectionTest(label)] }, M.noConnectionTest(label));
  const row = await requireIntegration(deps, assetId, provider, { allowDisabled: true });
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  if (isMultiAccountProvider(provider)) return testAccounts(deps, row, options.account, timeoutMs);
  const result: IntegrationTestResult = local
    ? { ...local({ label, config: storedConfig(row), secrets: openSecrets(deps, row), feedUrl: feedUrlOf(deps, row) }), latencyMs: 0 }
    : await timedTest(deps, row, () =>
        check
          ? check(deps, row)
          : runProbe(
              deps,
              provider,
              row,
              { config: storedConfig(row), secrets: openSecrets(deps, row) },
              probeOf as ProbeBuilder,
              timeoutMs,
            ),
      );
  await deps.db.integrationConfig.update({
    where: { id: row.id },
    data: { status: result.ok ? 'connected' : 'error', lastTestedAt: deps.clock.now(), lastError: result.ok ? null : result.detail },
  });
  return result;
}
