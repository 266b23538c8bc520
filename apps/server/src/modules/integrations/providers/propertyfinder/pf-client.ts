import { INTEGRATION_MESSAGES as M, integrationProviders } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { accountConfig, openAccountSecrets, type AccountRow } from '../../integration-accounts.js';
import { callProvider, ProviderCallError, type ProviderAnswer, type ProviderCall } from '../../provider-call.js';
import type { SyncWork } from '../../sync/sync-work.js';

// Property Finder's Enterprise API (atlas.propertyfinder.com/v1) for one account, from jobs: `POST /v1/auth/token`
// buys a 30-minute JWT for the account's key and secret, kept in this process only (never in Redis or a log) until a
// minute before it ends; every call is logged and redacted by callProvider (inside a sync run, through the run's
// paced call: sync-work.ts), and 408, 429, 5xx and timeouts throw a retryable ProviderCallError; a refused key or
// secret says so. Shapes as Property Finder documents them; where its documentation is not public
// (webhook subscriptions: `POST /v1/webhooks { eventId, callbackUrl, secret }`, `DELETE /v1/webhooks/{eventId}`),
// as public client code uses them: confirm with Property Finder.

export const PF_LABEL = integrationProviders.propertyfinder.label;
const TOKEN_MARGIN_MS = 60_000;
const TokenSchema = z.looseObject({ accessToken: z.string().min(1), expiresIn: z.number().int().positive().optional() });

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock'>;

const tokens = new Map<string, { token: string; expiresAt: number }>();
/** A token is for one version of the account's credentials: a save (new updatedAt) buys a new one. */
const tokenKey = (account: AccountRow) => `${account.id}:${account.updatedAt.getTime()}`;

export interface PfSession {
  account: AccountRow;
  call(call: ProviderCall): Promise<ProviderAnswer>;
}

/** Where the account's calls are logged: its integration's log. */
const logTarget = (account: AccountRow) => ({ id: account.integrationId, assetId: account.assetId, name: account.provider });

function baseUrlOf(deps: Pick<AppDeps, 'env'>, account: AccountRow): string {
  const url = providerBaseUrl(deps.env, 'propertyfinder', accountConfig(account));
  if (!url) throw new ProviderCallError(`${PF_LABEL} has no API address in this deployment.`, null, false);
  return url;
}

type Send = (call: ProviderCall) => Promise<ProviderAnswer>;

/** The token call: a 401 or 403 is the account's key or secret refused, said so and not retried. */
async function authenticate(send: Send, call: ProviderCall): Promise<ProviderAnswer> {
  try {
    return await send(call);
  } catch (error) {
    if (error instanceof ProviderCallError && (error.status === 401 || error.status === 403))
      throw new ProviderCallError(M.credentialsRefused(PF_LABEL, error.status), error.status, false);
    throw error;
  }
}

async function tokenFor(deps: Deps, account: AccountRow, send: Send): Promise<string> {
  const key = tokenKey(account);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const secrets = openAccountSecrets(deps, account);
  const answer = await authenticate(send, {
    method: 'POST',
    path: '/v1/auth/token',
    json: { apiKey: secrets.apiKey, apiSecret: secrets.apiSecret },
  });
  const parsed = TokenSchema.safeParse(answer.json);
  if (!parsed.success) throw new ProviderCallError(`${PF_LABEL} gave no access token.`, answer.status, false);
  const lifetime = (parsed.data.expiresIn ?? 1800) * 1000;
  for (const stale of tokens.keys()) if (stale.startsWith(`${account.id}:`)) tokens.delete(stale);
  tokens.set(key, { token: parsed.data.accessToken, expiresAt: Date.now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) });
  return parsed.data.accessToken;
}

/**
 * A signed-in session of the account: each call carries its bearer token; a 401 buys a new token once. Given the
 * sync run it serves (`work`), its calls go through the run's paced call, under the provider's rate.
 */
export async function pfSession(deps: Deps, account: AccountRow, work?: SyncWork): Promise<PfSession> {
  const baseUrl = baseUrlOf(deps, account);
  const plain: Send = work
    ? (call) => work.call(call, { baseUrl })
    : (call) => callProvider(deps, logTarget(account), PF_LABEL, baseUrl, call);
  let token = await tokenFor(deps, account, plain);
  const send = (call: ProviderCall, bearer: string) => plain({ ...call, headers: { ...call.headers, authorization: `Bearer ${bearer}` } });
  return {
    account,
    async call(call) {
      try {
        return await send(call, token);
      } catch (error) {
        if (!(error instanceof ProviderCallError) || error.status !== 401) throw error;
        tokens.delete(tokenKey(account));
        token = await tokenFor(deps, account, plain);
        return send(call, token);
      }
    },
  };
}

/** Forgets the account's token (removed, or its credentials changed). */
export function forgetPfToken(accountId: string) {
  for (const key of tokens.keys()) if (key.startsWith(`${accountId}:`)) tokens.delete(key);
}

const IdSchema = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) });

/** `POST /v1/webhooks`: one subscription per event to our address, signed with the account's webhook secret. */
export async function subscribeWebhook(session: PfSession, eventId: string, callbackUrl: string, secret: string): Promise<string> {
  const answer = await session.call({ method: 'POST', path: '/v1/webhooks', json: { eventId, callbackUrl, secret } });
  const parsed = IdSchema.safeParse(answer.json);
  return parsed.success ? parsed.data.id : eventId;
}

/** `DELETE /v1/webhooks/{eventId}`; one already gone (404) is what we wanted. */
export async function unsubscribeWebhook(session: PfSession, eventId: string): Promise<void> {
  try {
    await session.call({ method: 'DELETE', path: `/v1/webhooks/${encodeURIComponent(eventId)}` });
  } catch (error) {
    if (!(error instanceof ProviderCallError) || error.status !== 404) throw error;
  }
}

/** One Property Finder user: its id, email, and the public profile its listings and leads name. */
export const PfUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string().max(254).nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  publicProfile: z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) }).nullish(),
});
export type PfUser = z.infer<typeof PfUserSchema>;
const UsersPageSchema = z.looseObject({
  data: z.array(z.unknown()),
  pagination: z.looseObject({ page: z.number().int(), totalPages: z.number().int() }).optional(),
});

const USERS_PER_PAGE = 100;
const MAX_USER_PAGES = 50;

/** `GET /v1/users`, every page. */
export async function listPfUsers(session: PfSession): Promise<PfUser[]> {
  const users: PfUser[] = [];
  for (let page = 1; page <= MAX_USER_PAGES; page += 1) {
    const answer = await session.call({ method: 'GET', path: `/v1/users?page=${page}&perPage=${USERS_PER_PAGE}` });
    const parsed = UsersPageSchema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderCallError(`${PF_LABEL} answered users in an unknown shape.`, answer.status, false);
    for (const item of parsed.data.data) {
      const user = PfUserSchema.safeParse(item);
      if (user.success) users.push(user.data);
    }
    if (!parsed.data.pagination || page >= parsed.data.pagination.totalPages) break;
  }
  return users;
}

/** `POST /v1/listings` (a draft) or `PUT /v1/listings/{id}`; answers Property Finder's listing id. */
export async function upsertPfListing(session: PfSession, externalId: string | null, body: object): Promise<string> {
  const answer = externalId
    ? await session.call({ method: 'PUT', path: `/v1/listings/${encodeURIComponent(externalId)}`, json: body })
    : await session.call({ method: 'POST', path: '/v1/listings', json: body });
  const parsed = IdSchema.safeParse(answer.json);
  if (externalId) return externalId;
  if (!parsed.success) throw new ProviderCallError(`${PF_LABEL} created the listing without an id.`, answer.status, false);
  return parsed.data.id;
}

export async function publishPfListing(session: PfSession, externalId: string): Promise<void> {
  await session.call({ method: 'POST', path: `/v1/listings/${encodeURIComponent(externalId)}/publish` });
}

/** Takes the listing off Property Finder; one it no longer has (404) is off already. */
export async function unpublishPfListing(session: PfSession, externalId: string): Promise<void> {
  try {
    await session.call({ method: 'POST', path: `/v1/listings/${encodeURIComponent(externalId)}/unpublish` });
  } catch (error) {
    if (!(error instanceof ProviderCallError) || error.status !== 404) throw error;
  }
}
