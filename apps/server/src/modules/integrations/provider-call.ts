import type { AppDeps } from '../../core/deps.js';
import { recordIntegrationLog, redactForLog, redactRaw } from './integration-log.js';

// One call to a provider's API (docs/api.md 'Integration log'): fetch with a timeout, no redirects, its outcome and
// redacted bodies written to the integration log. Transport failures and answers a retry may cure (408, 429, 5xx)
// throw ProviderCallError with `retryable`, so jobs know whether to try again.

export const PROVIDER_CALL_TIMEOUT_MS = 15_000;

export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

export const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

export interface ProviderCall {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  json?: object;
  timeoutMs?: number;
}

export async function callProvider(
  deps: Pick<AppDeps, 'db' | 'log'>,
  integration: { id: string; assetId: string; name: string },
  label: string,
  baseUrl: string,
  call: ProviderCall,
): Promise<{ status: number; json: unknown }> {
  const started = performance.now();
  const operation = `${call.method} ${call.path.split('?')[0]}`;
  const log = (entry: { status: number | null; ok: boolean; response?: unknown; error?: string }) =>
    recordIntegrationLog(deps, {
      integration,
      direction: 'outbound',
      operation,
      status: entry.status,
      outcome: entry.ok ? 'ok' : 'failed',
      durationMs: performance.now() - started,
      requestBody: call.json ? redactForLog(call.json) : null,
      responseBody: entry.response === undefined ? null : redactForLog(entry.response),
      error: entry.error ?? null,
    });
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${call.path}`, {
      method: call.method,
      headers: { accept: 'application/json', ...(call.json ? { 'content-type': 'application/json' } : {}), ...call.headers },
      ...(call.json ? { body: JSON.stringify(call.json) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(call.timeoutMs ?? PROVIDER_CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const message = timedOut ? `${label} did not answer in time.` : `${label} could not be reached.`;
    await log({ status: null, ok: false, error: message });
    throw new ProviderCallError(message, null, true);
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const ok = res.status >= 200 && res.status < 300;
  const message = ok ? undefined : `${label} answered HTTP ${res.status} to ${operation}.`;
  await log({ status: res.status, ok, response: json ?? redactRaw(text), ...(message ? { error: message } : {}) });
  if (!ok) throw new ProviderCallError(message ?? '', res.status, isRetryableStatus(res.status));
  return { status: res.status, json };
}
