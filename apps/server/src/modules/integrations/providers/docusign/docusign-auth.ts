import { integrationProviders } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { openSecrets, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider, ProviderCallError } from '../../provider-call.js';
import { JWT_BEARER_GRANT, requestAccessToken, signAssertion } from '../oauth-grants.js';

// DocuSign's JWT grant (docs/api.md 'DocuSign'): an assertion signed with the integration's RSA key (iss: the
// integration key, sub: the user to act as, aud: the account server's host, scope 'signature impersonation') buys an
// access token at `{account server}/oauth/token`; `/oauth/userinfo` then names the account's eSignature base URI.
// The account server is account.docusign.com, or INTEGRATION_BASE_URL_DOCUSIGN_AUTH (account-d.docusign.com for the
// developer sandbox, a test's fake); INTEGRATION_BASE_URL_DOCUSIGN replaces the base URI userinfo gives, which is
// otherwise taken only on *.docusign.net.

export const LABEL = integrationProviders.docusign.label;
const ACCOUNT_SERVER = 'https://account.docusign.com';
const SCOPE = 'signature impersonation';

const UserInfoSchema = z.object({
  accounts: z.array(z.object({ account_id: z.string(), base_uri: z.string() })).default([]),
});

/** The integration's config and key, or a setup error. */
function settingsOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow) {
  const config = storedConfig(row);
  const { rsaPrivateKey } = openSecrets(deps, row);
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const accountId = text(config.accountId);
  const integrationKey = text(config.integrationKey);
  const userId = text(config.userId);
  if (!accountId || !integrationKey || !userId || !rsaPrivateKey)
    throw new ProviderCallError(`${LABEL} needs the account ID, integration key, user ID and RSA key.`, null, false);
  return { accountId, integrationKey, userId, rsaPrivateKey };
}

export interface DocuSignSession {
  token: string;
  /** `{base_uri}/restapi/v2.1/accounts/{accountId}`'s host part. */
  baseUrl: string;
  accountId: string;
}

const trusted = (uri: string) => {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' && (url.hostname === 'docusign.net' || url.hostname.endsWith('.docusign.net'));
  } catch {
    return false;
  }
};

/** A token and the account's eSignature address: the JWT grant, then userinfo. */
export async function openDocuSignSession(
  deps: Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>,
  row: IntegrationRow,
): Promise<DocuSignSession> {
  const settings = settingsOf(deps, row);
  const accountServer = (deps.env.INTEGRATION_BASE_URLS.DOCUSIGN_AUTH ?? ACCOUNT_SERVER).replace(/\/+$/, '');
  const assertion = await signAssertion(
    LABEL,
    settings.rsaPrivateKey,
    { issuer: settings.integrationKey, subject: settings.userId, audience: new URL(accountServer).host, scope: SCOPE },
    deps.clock.now(),
  );
  const token = await requestAccessToken(
    deps,
    row,
    LABEL,
    { baseUrl: accountServer, path: '/oauth/token' },
    {
      grant_type: JWT_BEARER_GRANT,
      assertion,
    },
  );
  const info = await callProvider(deps, row, LABEL, accountServer, {
    method: 'GET',
    path: '/oauth/userinfo',
    headers: { authorization: `Bearer ${token}` },
  });
  const account = UserInfoSchema.safeParse(info.json).data?.accounts.find((a) => a.account_id === settings.accountId);
  if (!account) throw new ProviderCallError(`${LABEL}: the user has no access to account ${settings.accountId}.`, info.status, false);
  const override = deps.env.INTEGRATION_BASE_URLS.DOCUSIGN;
  if (!override && !trusted(account.base_uri))
    throw new ProviderCallError(`${LABEL} named an eSignature address outside docusign.net.`, info.status, false);
  return { token, baseUrl: (override ?? account.base_uri).replace(/\/+$/, ''), accountId: settings.accountId };
}
