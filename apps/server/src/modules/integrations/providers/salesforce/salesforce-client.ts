import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { baseUrlVariable } from '../../integration-endpoints.js';
import { openSecrets, storedConfig } from '../../integration-record.js';
import { ProviderCallError } from '../../provider-call.js';
import type { SyncWork } from '../../sync/sync-work.js';

// Salesforce's REST API (docs/api.md 'Salesforce'): the OAuth 2.0 JWT bearer flow (an RS256 assertion signed with the
// integration's private key: iss = consumer key, sub = integration user, aud = login URL), then upserts by an
// external id field (`PATCH /sobjects/{Lead|Contact}/{field}/{value}`) and SOQL reads of what Salesforce changed.
// Addresses: the login URL from the config (Salesforce hosts only), the instance URL from the token answer (Salesforce
// hosts only); INTEGRATION_BASE_URL_SALESFORCE replaces both (a test's fake).

export const SALESFORCE_API_VERSION = 'v62.0';
const LABEL = 'Salesforce';
const SALESFORCE_HOST = /(^|\.)(salesforce\.com|force\.com)$/;

const TokenSchema = z.object({ access_token: z.string().min(1), instance_url: z.string().url() });
const UpsertSchema = z.object({ id: z.string().min(1), created: z.boolean().optional() });
const QuerySchema = z.object({ records: z.array(z.record(z.string(), z.unknown())), done: z.boolean().optional() });

export interface SalesforceSession {
  instanceUrl: string;
  accessToken: string;
}

function overrideUrl(work: SyncWork): string | null {
  const url = work.deps.env.INTEGRATION_BASE_URLS[baseUrlVariable('salesforce').slice('INTEGRATION_BASE_URL_'.length)];
  return url ? url.replace(/\/+$/, '') : null;
}

/** The RS256 assertion of the JWT bearer flow, valid three minutes. */
export async function jwtAssertion(config: { clientId: string; username: string; loginUrl: string }, privateKey: string, now: Date) {
  const key = await importPKCS8(privateKey, 'RS256').catch(() => {
    throw new ProviderCallError('The Salesforce private key could not be read (PKCS#8 PEM expected).', null, false);
  });
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(config.clientId)
    .setSubject(config.username)
    .setAudience(config.loginUrl.replace(/\/+$/, ''))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 180)
    .sign(key);
}

export async function salesforceSession(work: SyncWork): Promise<SalesforceSession> {
  const config = storedConfig(work.row);
  const loginUrl = String(config.loginUrl ?? '');
  const assertion = await jwtAssertion(
    { clientId: String(config.clientId ?? ''), username: String(config.username ?? ''), loginUrl },
    openSecrets(work.deps, work.row).privateKey ?? '',
    work.deps.clock.now(),
  );
  const override = overrideUrl(work);
  const answer = await work.authenticate(
    {
      method: 'POST',
      path: '/services/oauth2/token',
      form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
    },
    { baseUrl: override ?? loginUrl.replace(/\/+$/, '') },
  );
  const token = TokenSchema.safeParse(answer.json);
  if (!token.success) throw new ProviderCallError(`${LABEL} gave no access token.`, answer.status, false);
  const instance = new URL(token.data.instance_url);
  if (!override && (instance.protocol !== 'https:' || !SALESFORCE_HOST.test(instance.hostname))) {
    throw new ProviderCallError(`${LABEL} answered an instance address that is not Salesforce's.`, answer.status, false);
  }
  return { instanceUrl: override ?? instance.origin, accessToken: token.data.access_token };
}

const auth = (session: SalesforceSession) => ({ authorization: `Bearer ${session.accessToken}` });

/** Upserts one record by its external id; answers the Salesforce id and whether it was created. */
export async function upsertRecord(
  work: SyncWork,
  session: SalesforceSession,
  sobject: 'Lead' | 'Contact',
  externalField: string,
  externalId: string,
  fields: Record<string, string | null>,
): Promise<{ id: string; created: boolean }> {
  const path = `/services/data/${SALESFORCE_API_VERSION}/sobjects/${sobject}/${encodeURIComponent(externalField)}/${encodeURIComponent(externalId)}`;
  const answer = await work.call({ method: 'PATCH', path, headers: auth(session), json: fields }, { baseUrl: session.instanceUrl });
  const parsed = UpsertSchema.safeParse(answer.json);
  if (!parsed.success) throw new ProviderCallError(`${LABEL} answered the ${sobject} upsert in an unknown shape.`, answer.status, false);
  return { id: parsed.data.id, created: parsed.data.created ?? answer.status === 201 };
}

const soqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** SOQL: the named fields of the records whose external id is one of `externalIds` (at most 100 a call). */
export async function queryByExternalIds(
  work: SyncWork,
  session: SalesforceSession,
  sobject: 'Lead' | 'Contact',
  externalField: string,
  fields: readonly string[],
  externalIds: readonly string[],
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < externalIds.length; i += 100) {
    const ids = externalIds
      .slice(i, i + 100)
      .map(soqlString)
      .join(',');
    const q = `SELECT ${[externalField, ...fields].join(', ')} FROM ${sobject} WHERE ${externalField} IN (${ids})`;
    const answer = await work.call(
      { method: 'GET', path: `/services/data/${SALESFORCE_API_VERSION}/query?q=${encodeURIComponent(q)}`, headers: auth(session) },
      { baseUrl: session.instanceUrl },
    );
    const parsed = QuerySchema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderCallError(`${LABEL} answered a query in an unknown shape.`, answer.status, false);
    records.push(...parsed.data.records);
  }
  return records;
}
