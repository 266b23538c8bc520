import { integrationProviders } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { openText, secretBox } from '../../../../core/secret-box.js';
import { openSecrets, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { ProviderCallError } from '../../provider-call.js';
import { JWT_BEARER_GRANT, requestAccessToken, signAssertion } from '../oauth-grants.js';

// Google's OAuth 2 for the Calendar API (docs/api.md 'Google Calendar'). Service-account mode: a JWT grant signed
// with the service account's key, impersonating the agent (domain-wide delegation: `sub` is their email), at the
// account's token_uri. Per-user mode: the agent's own refresh token (they connected their calendar), exchanged with
// the integration's OAuth client. The token host is Google's, or INTEGRATION_BASE_URL_GOOGLECALENDAR_OAUTH (a test's
// fake): a token_uri elsewhere is refused, so a pasted JSON cannot point the server at another address.

export const LABEL = integrationProviders.googlecalendar.label;
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const GOOGLE_OAUTH = 'https://oauth2.googleapis.com';
const TOKEN_PATH = '/token';

const ServiceAccountSchema = z.object({
  client_email: z.string().min(3),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});

/** The host of Google's token endpoint in this deployment. */
export function googleOAuthBase(env: Pick<AppDeps['env'], 'INTEGRATION_BASE_URLS'>): string {
  return (env.INTEGRATION_BASE_URLS.GOOGLECALENDAR_OAUTH ?? GOOGLE_OAUTH).replace(/\/+$/, '');
}

/** The binding of a member's sealed refresh token (core/secret-box.ts). */
export const memberTokenBinding = (assetId: string, memberId: string) => `${assetId}:googlecalendar:${memberId}`;

/** Whose calendar: the member, and their email (service-account mode impersonates it). */
export interface CalendarOwner {
  id: string;
  name: string;
  email: string | null;
}

function serviceAccountOf(secrets: Record<string, string>) {
  let json: unknown;
  try {
    json = JSON.parse(secrets.serviceAccountJson ?? '');
  } catch {
    json = null;
  }
  const parsed = ServiceAccountSchema.safeParse(json);
  if (!parsed.success) throw new ProviderCallError(`${LABEL}: the service account JSON has no client_email and private_key.`, null, false);
  return parsed.data;
}

/** The token endpoint of a service account: its token_uri when that is on the token host, else refused. */
function tokenEndpointOf(base: string, tokenUri: string | undefined): { baseUrl: string; path: string } {
  if (!tokenUri) return { baseUrl: base, path: TOKEN_PATH };
  const uri = new URL(tokenUri);
  if (uri.origin !== new URL(base).origin)
    throw new ProviderCallError(`${LABEL}: the service account's token_uri is not Google's token endpoint.`, null, false);
  return { baseUrl: base, path: `${uri.pathname}${uri.search}` };
}

type AuthDeps = Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>;

/** An access token for the Calendar API: as the service account (impersonating `subject` when given). */
export async function serviceAccountToken(deps: AuthDeps, row: IntegrationRow, subject: string | null): Promise<string> {
  const account = serviceAccountOf(openSecrets(deps, row));
  const base = googleOAuthBase(deps.env);
  const endpoint = tokenEndpointOf(base, account.token_uri);
  const assertion = await signAssertion(
    LABEL,
    account.private_key,
    {
      issuer: account.client_email,
      subject: subject ?? undefined,
      audience: account.token_uri ?? `${base}${TOKEN_PATH}`,
      scope: CALENDAR_SCOPE,
      keyId: account.private_key_id,
    },
    deps.clock.now(),
  );
  return requestAccessToken(deps, row, LABEL, endpoint, { grant_type: JWT_BEARER_GRANT, assertion });
}

/** The integration's OAuth client (per-user mode), or a setup error naming what is missing. */
export function oauthClientOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow): { clientId: string; clientSecret: string } {
  const clientId = storedConfig(row).clientId;
  const clientSecret = openSecrets(deps, row).clientSecret;
  if (typeof clientId !== 'string' || !clientId || !clientSecret)
    throw new ProviderCallError(`${LABEL}: per-user mode needs the OAuth client ID and secret.`, null, false);
  return { clientId, clientSecret };
}

/** An access token for the Calendar API as the member who connected their calendar (per-user mode). */
export async function memberToken(deps: AuthDeps, row: IntegrationRow, owner: CalendarOwner): Promise<string> {
  const stored = await deps.db.memberCalendarToken.findUnique({ where: { memberId: owner.id }, select: { sealedRefreshToken: true } });
  if (!stored) throw new ProviderCallError(`${owner.name} has not connected their Google Calendar.`, null, false);
  const refreshToken = openText(secretBox(deps.env), stored.sealedRefreshToken, memberTokenBinding(row.assetId, owner.id));
  const client = oauthClientOf(deps, row);
  return requestAccessToken(
    deps,
    row,
    LABEL,
    { baseUrl: googleOAuthBase(deps.env), path: TOKEN_PATH },
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret },
  );
}

/** A token to write on the owner's calendar, by the integration's mode. */
export async function calendarTokenFor(deps: AuthDeps, row: IntegrationRow, owner: CalendarOwner): Promise<string> {
  if (storedConfig(row).mode === 'per-user') return memberToken(deps, row, owner);
  if (!owner.email) throw new ProviderCallError(`${owner.name} has no email address to open their calendar with.`, null, false);
  return serviceAccountToken(deps, row, owner.email);
}
