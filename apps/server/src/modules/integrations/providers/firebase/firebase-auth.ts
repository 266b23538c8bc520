import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { baseUrlVariable } from '../../integration-endpoints.js';
import { callProvider } from '../../provider-call.js';
import { ProviderCredentialsError, type ActiveIntegration } from '../../active-integration.js';

// Firebase's OAuth 2.0 service-account grant: a JWT signed (RS256, jose) with the service account's private key, sent
// to its token_uri for an access token with the FCM scope. The token_uri must be Google's (or, for a test, the fake's
// address set by INTEGRATION_BASE_URL_FIREBASE): the JSON comes from the form and must not point the server elsewhere.
// Tokens are kept in this process until a minute before they expire, per integration and credentials version.

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_ORIGIN = 'https://oauth2.googleapis.com';

const ServiceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().default(`${GOOGLE_TOKEN_ORIGIN}/token`),
  project_id: z.string().optional(),
});

const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

function serviceAccount(serviceAccountJson: string | undefined, env: Pick<AppDeps['env'], 'INTEGRATION_BASE_URLS'>) {
  let json: unknown;
  try {
    json = JSON.parse(serviceAccountJson ?? '');
  } catch {
    throw new ProviderCredentialsError('The service account JSON cannot be read.');
  }
  const parsed = ServiceAccountSchema.safeParse(json);
  if (!parsed.success) throw new ProviderCredentialsError('The service account JSON lacks client_email or private_key.');
  const allowed = [GOOGLE_TOKEN_ORIGIN, env.INTEGRATION_BASE_URLS[baseUrlVariable('firebase').slice('INTEGRATION_BASE_URL_'.length)]]
    .filter((url): url is string => Boolean(url) && URL.canParse(url as string))
    .map((url) => new URL(url).origin);
  if (!URL.canParse(parsed.data.token_uri) || !allowed.includes(new URL(parsed.data.token_uri).origin))
    throw new ProviderCredentialsError("The service account's token_uri is not Google's token endpoint.");
  return parsed.data;
}

/** The JWT-bearer grant of the service account: where to post it, and its form (the signed assertion). */
export async function tokenGrant(
  serviceAccountJson: string | undefined,
  env: Pick<AppDeps['env'], 'INTEGRATION_BASE_URLS'>,
  now: Date,
): Promise<{ url: URL; form: Record<string, string> }> {
  const account = serviceAccount(serviceAccountJson, env);
  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(account.private_key, 'RS256');
  } catch {
    throw new ProviderCredentialsError("The service account's private key cannot be read.");
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key);
  return { url: new URL(account.token_uri), form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion } };
}

/** An access token for FCM: from this process's cache, else a new JWT grant (POST token_uri). */
export async function firebaseAccessToken(
  deps: Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>,
  integration: ActiveIntegration,
): Promise<string> {
  const cacheKey = `${integration.row.id}:${integration.row.updatedAt.getTime()}`;
  const now = deps.clock.now().getTime();
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > now + 60_000) return cached.accessToken;
  const grant = await tokenGrant(integration.secrets.serviceAccountJson, deps.env, deps.clock.now());
  const { json } = await callProvider(deps, integration.row, integration.label, grant.url.origin, {
    method: 'POST',
    path: `${grant.url.pathname}${grant.url.search}`,
    form: grant.form,
  });
  const answer = json as { access_token?: string; expires_in?: number } | null;
  if (!answer?.access_token) throw new ProviderCredentialsError('Google answered the token grant without an access token.');
  tokens.set(cacheKey, { accessToken: answer.access_token, expiresAt: now + (answer.expires_in ?? 3600) * 1000 });
  return answer.access_token;
}
