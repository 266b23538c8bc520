import type { IntegrationProviderName } from '@crm/domain';
import type { ConnectionProbe } from '../connection-tests.js';
import type { IntegrationConfig } from '@crm/domain';
import type { SecretValues } from '../../../core/secret-box.js';
import type { Env } from '../../../env.js';
import { tokenGrant } from './firebase/firebase-auth.js';

// The connection tests (POST {name}/test) of ActiveCampaign, TinyURL, Amplitude and Firebase: each provider's
// cheapest authenticated call.

type Builder = (input: {
  config: IntegrationConfig;
  secrets: SecretValues;
  env: Env;
  now: Date;
}) => ConnectionProbe | Promise<ConnectionProbe>;

const isObject = (json: unknown): json is Record<string, unknown> => typeof json === 'object' && json !== null;

export const MARKETING_PROBES: Partial<Record<IntegrationProviderName, Builder>> = {
  // The token's own user: readable by any valid token.
  activecampaign: ({ secrets }) => ({
    method: 'GET',
    path: '/api/3/users/me',
    headers: { accept: 'application/json', 'api-token': secrets.apiToken ?? '' },
    accepts: (status, json) => status === 200 && isObject(json) && 'user' in json,
  }),
  // The account's active links (first page): a read with the token, nothing created.
  tinyurl: ({ secrets }) => ({
    method: 'GET',
    path: '/urls/available',
    headers: { accept: 'application/json', authorization: `Bearer ${secrets.apiToken ?? ''}` },
    accepts: (status) => status === 200,
  }),
  // The HTTP V2 API has no read call with the API key alone: one test event, its insert_id fixed per day, so tests
  // on the same day are one event for Amplitude.
  amplitude: ({ secrets, now }) => ({
    method: 'POST',
    path: '/2/httpapi',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      api_key: secrets.apiKey ?? '',
      events: [
        {
          event_type: 'CRM Connection Test',
          device_id: 'crm-connection-test',
          time: now.getTime(),
          insert_id: `crm-connection-test-${now.toISOString().slice(0, 10)}`,
        },
      ],
    }),
    accepts: (status, json) => status === 200 && isObject(json) && json.code === 200,
  }),
  // An access token from the service account's JWT grant (its token_uri): what every push needs first.
  firebase: async ({ secrets, env, now }) => {
    const grant = await tokenGrant(secrets.serviceAccountJson, env, now);
    return {
      method: 'POST',
      path: grant.url.pathname,
      url: grant.url.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(grant.form).toString(),
      accepts: (status, json) => status === 200 && isObject(json) && typeof json.access_token === 'string',
    };
  },
};
