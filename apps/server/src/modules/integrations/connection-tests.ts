import { INTEGRATION_MESSAGES as M, INTERCOM_API_VERSION, type IntegrationConfig, type IntegrationProviderName } from '@crm/domain';
import type { SecretValues } from '../../core/secret-box.js';
import type { Env } from '../../env.js';
import { MARKETING_PROBES } from './providers/connection-probes.js';

// Each provider's cheapest authenticated call (docs/api.md 'Integrations', POST {name}/test): what to send, and
// whether the answer means the credentials work. Providers listed here have the 'connection-test' capability.

export interface ConnectionProbe {
  method: 'GET' | 'POST';
  path: string;
  /** An address of its own instead of the provider's base URL + path (Firebase: the service account's token_uri). */
  url?: string;
  headers: Record<string, string>;
  body?: string;
  /** The answer's status and JSON body (null when not JSON) mean the provider accepted the credentials. */
  accepts(status: number, json: unknown): boolean;
}

type ProbeBuilder = (input: {
  config: IntegrationConfig;
  secrets: SecretValues;
  env: Env;
  now: Date;
}) => ConnectionProbe | Promise<ConnectionProbe>;

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const hasKey = (json: unknown, key: string) => typeof json === 'object' && json !== null && key in json;

export const CONNECTION_PROBES: Partial<Record<IntegrationProviderName, ProbeBuilder>> = {
  // Enterprise API: the key and secret buy a 30-minute JWT.
  propertyfinder: ({ secrets }) => ({
    method: 'POST',
    path: '/v1/auth/token',
    headers: JSON_HEADERS,
    body: JSON.stringify({ apiKey: secrets.apiKey, apiSecret: secrets.apiSecret }),
    accepts: (status, json) => status === 200 && hasKey(json, 'accessToken'),
  }),
  // Web API v3: the key's own scopes, readable by any valid key.
  sendgrid: ({ secrets }) => ({
    method: 'GET',
    path: '/v3/scopes',
    headers: { accept: 'application/json', authorization: `Bearer ${secrets.apiKey}` },
    accepts: (status, json) => status === 200 && hasKey(json, 'scopes'),
  }),
  // The app's own admin, readable by any valid access token.
  intercom: ({ secrets }) => ({
    method: 'GET',
    path: '/me',
    headers: { accept: 'application/json', authorization: `Bearer ${secrets.accessToken}`, 'intercom-version': INTERCOM_API_VERSION },
    accepts: (status) => status === 200,
  }),
  // Graph API: the business phone number the config names, readable with the account's access token.
  whatsapp: ({ config, secrets }) => ({
    method: 'GET',
    path: `/${encodeURIComponent(String(config.phoneNumberId ?? ''))}?fields=display_phone_number,verified_name`,
    headers: { accept: 'application/json', authorization: `Bearer ${secrets.accessToken}` },
    accepts: (status, json) => status === 200 && hasKey(json, 'display_phone_number'),
  }),
  // ActiveCampaign, TinyURL, Amplitude, Firebase (providers/connection-probes.ts).
  ...MARKETING_PROBES,
};

/**
 * Providers with no API to call for a test (ours to check instead), answering what could be checked. Bayut and
 * dubizzle: leads arrive by push and listings go out by our feed, so a test checks the lead signing secret and the
 * feed's address are set and the feed is on; the Profolio API is not built, so a setup that asks for it is told so.
 */
export interface LocalCheckInput {
  label: string;
  config: IntegrationConfig;
  secrets: SecretValues;
  feedUrl: string | null;
}
type LocalCheck = (input: LocalCheckInput) => { ok: boolean; detail: string };

const bayutGroupCheck: LocalCheck = ({ label, config, secrets, feedUrl }) => {
  const problems = [
    ...(secrets.leadSecret ? [] : [M.leadSecretMissing]),
    ...(config.feedEnabled === true ? [] : [M.feedOff]),
    ...(feedUrl ? [] : [M.feedSecretMissing]),
    ...(config.apiEnabled === true ? [M.apiNotBuilt(label)] : []),
  ];
  return { ok: problems.length === 0, detail: M.feedCheck(label, problems) };
};

export const LOCAL_CHECKS: Partial<Record<IntegrationProviderName, LocalCheck>> = {
  bayut: bayutGroupCheck,
  dubizzle: bayutGroupCheck,
};
