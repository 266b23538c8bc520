import { integrationProviders, type IntegrationProviderName } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { recordIntegrationLog, redactForLog, redactRaw } from './integration-log.js';
import { storedConfig, type IntegrationRow } from './integration-record.js';

// One call to a provider's API (docs/api.md 'Integration log'): fetch with a timeout, no redirects, its outcome and
// redacted bodies written to the integration log. Jobs use `callProvider`: transport failures and answers a retry may
// cure (408, 429, 5xx) throw ProviderCallError with `retryable`. A user's request uses `callProviderApi`: a provider
// that cannot be reached or fails (5xx) is a 503 naming it, never a guess, and a 4xx is the caller's to read.

export const PROVIDER_CALL_TIMEOUT_MS = 15_000;

export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** A 429's (or 503's) Retry-After, in ms: the queue waits that long before the next attempt. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

export const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

export interface ProviderCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  json?: object;
  /** A form body (an OAuth token grant): sent url-encoded and never logged, since it carries the credentials. */
  form?: Record<string, string>;
  /** The log's name of the call when its path must not be kept (a hook URL's secret path). */
  operation?: string;
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  json: unknown;
  /** The body as received (XML services parse it themselves). */
  text: string;
  retryAfterMs: number | null;
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

type LogDeps = Pick<AppDeps, 'db' | 'log'>;

/** Sends the call and logs it; throws ProviderCallError (retryable) only when no answer came. */
async function sendLogged(
  deps: LogDeps,
  integration: { id: string; assetId: string; name: string },
  label: string,
  baseUrl: string,
  call: ProviderCall,
): Promise<ProviderAnswer & { operation: string }> {
  const requestBody = call.json ?? call.form;
  const started = performance.now();
  const operation = call.operation ?? `${call.method} ${call.path.split('?')[0]}`;
  const log = (entry: { status: number | null; ok: boolean; response?: unknown; error?: string }) =>
    recordIntegrationLog(deps, {
      integration,
      direction: 'outbound',
      operation,
      status: entry.status,
      outcome: entry.ok ? 'ok' : 'failed',
      durationMs: performance.now() - started,
      requestBody: requestBody ? redactForLog(requestBody) : null,
      responseBody: entry.response === undefined ? null : redactForLog(entry.response),
      error: entry.error ?? null,
    });
  let res: Response;
  try {
    const contentType = call.json ? 'application/json' : call.form ? 'application/x-www-form-urlencoded' : null;
    res = await fetch(`${baseUrl}${call.path}`, {
      method: call.method,
      headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}), ...call.headers },
      ...(call.json ? { body: JSON.stringify(call.json) } : call.form ? { body: new URLSearchParams(call.form).toString() } : {}),
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
  return { status: res.status, json, text, retryAfterMs: retryAfterMsOf(res.headers.get('retry-after')), operation };
}

/** A job's call: anything but a 2xx throws ProviderCallError, `retryable` for 408, 429, 5xx and no answer. */
export async function callProvider(
  deps: LogDeps,
  integration: { id: string; assetId: string; name: string },
  label: string,
  baseUrl: string,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const answer = await sendLogged(deps, integration, label, baseUrl, call);
  if (answer.status < 200 || answer.status >= 300) {
    throw new ProviderCallError(
      `${label} answered HTTP ${answer.status} to ${answer.operation}.`,
      answer.status,
      isRetryableStatus(answer.status),
      answer.retryAfterMs,
    );
  }
  return { status: answer.status, json: answer.json, text: answer.text, retryAfterMs: answer.retryAfterMs };
}

/** A call made for a user's request, at the provider's deployment address (integration-endpoints.ts). */
export async function callProviderApi(
  deps: LogDeps & Pick<AppDeps, 'env'>,
  provider: IntegrationProviderName,
  row: IntegrationRow,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const label = integrationProviders[provider].label;
  const baseUrl = providerBaseUrl(deps.env, provider, storedConfig(row));
  if (!baseUrl) throw AppError.conflict(`${label} has no API address in this deployment.`, { provider, reason: 'NO_ADDRESS' });
  let answer: ProviderAnswer;
  try {
    answer = await sendLogged(deps, row, label, baseUrl, call);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `${label} did not answer. Try again later.`, { provider });
  }
  if (answer.status >= 500)
    throw new AppError('SERVICE_UNAVAILABLE', `${label} answered HTTP ${answer.status}. Try again later.`, { provider });
  return { status: answer.status, json: answer.json, text: answer.text, retryAfterMs: answer.retryAfterMs };
}

/** A job's call whose non-2xx answers the caller reads itself (FCM's UNREGISTERED); no answer throws as above. */
export async function callProviderForAnswer(
  deps: LogDeps,
  integration: { id: string; assetId: string; name: string },
  label: string,
  baseUrl: string,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const { status, json, text, retryAfterMs } = await sendLogged(deps, integration, label, baseUrl, call);
  return { status, json, text, retryAfterMs };
}
