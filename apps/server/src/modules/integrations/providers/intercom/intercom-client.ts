import type { z } from 'zod';
import { INTERCOM_API_VERSION, IntercomErrorAnswerSchema, integrationProviders } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { requireIntegration } from '../../integration-guard.js';
import { findIntegration, openSecrets, statusOf, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider, callProviderApi, ProviderCallError, type ProviderAnswer, type ProviderCall } from '../../provider-call.js';
import type { SyncWork } from '../../sync/sync-work.js';
import type { IntercomCaller } from './intercom-contacts.js';

// Intercom's REST API (docs/api.md 'Intercom'): Bearer access token and `Intercom-Version`; the region (us, eu,
// au) picks the host, `INTEGRATION_BASE_URL_INTERCOM` overrides it (a test's fake). Calls for a user's request
// answer 503 when Intercom does not answer or fails; a job's calls throw ProviderCallError (retryable or not).

export const INTERCOM_LABEL = integrationProviders.intercom.label;

export interface IntercomAccount {
  row: IntegrationRow;
  /** Authorization and version headers: never in an answer or a log line (the log redacts authorization). */
  headers: Record<string, string>;
}

export function intercomAccountOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow): IntercomAccount {
  return {
    row,
    headers: { authorization: `Bearer ${openSecrets(deps, row).accessToken ?? ''}`, 'intercom-version': INTERCOM_API_VERSION },
  };
}

/** The asset's Intercom account, or the guard's 409 when it is not configured or off. */
export async function intercomAccount(deps: Pick<AppDeps, 'db' | 'env'>, assetId: string): Promise<IntercomAccount> {
  return intercomAccountOf(deps, await requireIntegration(deps, assetId, 'intercom'));
}

/** The asset's Intercom account when it is configured and on, else null (reads that simply skip Intercom). */
export async function usableIntercomAccount(deps: Pick<AppDeps, 'db' | 'env'>, assetId: string): Promise<IntercomAccount | null> {
  const row = await findIntegration(deps, assetId, 'intercom');
  return row?.enabled && statusOf(row) !== 'not_configured' ? intercomAccountOf(deps, row) : null;
}

const withHeaders = (account: IntercomAccount, call: ProviderCall): ProviderCall => ({
  ...call,
  headers: { ...account.headers, ...call.headers },
});

/** A call for a user's request: 2xx answers; a 4xx is a 409 naming Intercom's refusal; 5xx and no answer a 503. */
export async function intercomForUser(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: IntercomAccount,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const answer = await callProviderApi(deps, 'intercom', account.row, withHeaders(account, call));
  if (answer.status >= 200 && answer.status < 300) return answer;
  throw AppError.conflict(`${INTERCOM_LABEL} refused ${call.method} ${call.path.split('?')[0]}: ${intercomError(answer)}`, {
    provider: 'intercom',
    reason: 'PROVIDER_REFUSED',
  });
}

/** A job's call: 2xx answers, anything else throws ProviderCallError (retryable for 408, 429, 5xx, no answer). */
export async function intercomForJob(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: IntercomAccount,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const baseUrl = providerBaseUrl(deps.env, 'intercom', storedConfig(account.row));
  if (!baseUrl) throw new ProviderCallError(`${INTERCOM_LABEL} has no API address in this deployment.`, null, false);
  return callProvider(deps, account.row, INTERCOM_LABEL, baseUrl, withHeaders(account, call));
}

/** A sync run's call (sync-work.ts): the run's pacing and log, the same answers and errors as a job's. */
export function intercomForRun(work: SyncWork): IntercomCaller {
  return (_deps, account, call) => work.call(withHeaders(account, call));
}

/** Intercom's error list as text ('unauthorized: Access Token Invalid'), else the HTTP status. */
function intercomError(answer: ProviderAnswer): string {
  const parsed = IntercomErrorAnswerSchema.safeParse(answer.json);
  const first = parsed.success ? parsed.data.errors[0] : undefined;
  return [first?.code, first?.message].filter(Boolean).join(': ') || `HTTP ${answer.status}`;
}

/** An answer read through its schema; an unknown shape is Intercom's failure (503), never a guess. */
export function readIntercomAnswer<S extends z.ZodType>(schema: S, answer: ProviderAnswer, what: string): z.output<S> {
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success)
    throw new AppError('SERVICE_UNAVAILABLE', `${INTERCOM_LABEL} answered ${what} in a shape we do not know.`, { provider: 'intercom' });
  return parsed.data;
}
