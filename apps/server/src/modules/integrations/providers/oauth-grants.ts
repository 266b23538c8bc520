import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppDeps } from '../../../core/deps.js';
import { callProvider, ProviderCallError } from '../provider-call.js';
import { findIntegration, statusOf, type IntegrationRow } from '../integration-record.js';
import { INTEGRATION_MESSAGES as M, type IntegrationProviderName } from '@crm/domain';

// What the OAuth 2 providers share (Google Calendar, DocuSign, Trustpilot): an RS256 JWT assertion for the JWT bearer
// grant (RFC 7523), and a token endpoint's answer. Every call goes through callProvider (logged, redacted: the
// assertion and tokens never reach the integration log). A key that does not parse, or an endpoint that refuses the
// grant, is not retried; a 5xx or no answer is.

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

// Trustpilot answers expires_in as a string, Google and DocuSign as a number.
const AccessTokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.union([z.number(), z.string()]).optional() });

type CallDeps = Pick<AppDeps, 'db' | 'log'>;

/** An asset's integration when it may be used now (configured and switched on), else null: for work that is optional. */
export async function usableIntegration(
  deps: Pick<AppDeps, 'db'>,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<IntegrationRow | null> {
  const row = await findIntegration(deps, assetId, provider);
  return row?.enabled && statusOf(row) !== 'not_configured' ? row : null;
}

export interface AssertionClaims {
  issuer: string;
  subject?: string | undefined;
  audience: string;
  scope: string;
  /** The key's id, when the provider names it (Google's private_key_id). */
  keyId?: string | undefined;
}

/** A signed RS256 assertion valid for an hour; a key that is not a PKCS#8 PEM is the integration's error, not retried. */
export async function signAssertion(label: string, privateKeyPem: string, claims: AssertionClaims, now: Date): Promise<string> {
  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(privateKeyPem.replace(/\\n/g, '\n'), 'RS256');
  } catch {
    throw new ProviderCallError(`${label}: the private key is not a PKCS#8 PEM RSA key.`, null, false);
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(claims.keyId ? { kid: claims.keyId } : {}) })
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600);
  if (claims.subject) jwt.setSubject(claims.subject);
  return jwt.sign(key);
}

/** POSTs a form to a token endpoint; answers the access token, or throws (retryable only for 408, 429, 5xx, no answer). */
export async function requestAccessToken(
  deps: CallDeps,
  row: IntegrationRow,
  label: string,
  endpoint: { baseUrl: string; path: string },
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<string> {
  const answer = await callProvider(deps, row, label, endpoint.baseUrl, { method: 'POST', path: endpoint.path, form, headers });
  const token = AccessTokenSchema.safeParse(answer.json);
  if (!token.success) throw new ProviderCallError(`${label} gave no access token.`, answer.status, false);
  return token.data.access_token;
}

/** A provider failure in a person's words: refused credentials, an HTTP status, or no answer. */
export function describeProviderFailure(label: string, error: unknown): { status: number | null; detail: string } {
  if (error instanceof ProviderCallError) {
    if (error.status === 400 || error.status === 401 || error.status === 403)
      return { status: error.status, detail: M.credentialsRefused(label, error.status) };
    return { status: error.status, detail: error.message };
  }
  return { status: null, detail: `${label} could not be reached.` };
}
