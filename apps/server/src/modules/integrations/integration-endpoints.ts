import type { IntegrationConfig, IntegrationProviderName } from '@crm/domain';
import type { Env } from '../../env.js';

// Where each provider's API lives. Only the environment may move it (`INTEGRATION_BASE_URL_<PROVIDER>`, a test's
// fake): never the form, so an admin cannot point the server at an internal address (SSRF).

const DEFAULT_BASE_URLS: Partial<Record<IntegrationProviderName, string>> = {
  propertyfinder: 'https://atlas.propertyfinder.com',
  sendgrid: 'https://api.sendgrid.com',
  tinyurl: 'https://api.tinyurl.com',
  whatsapp: 'https://graph.facebook.com/v21.0',
  amplitude: 'https://api2.amplitude.com',
  firebase: 'https://fcm.googleapis.com',
  bayut: 'https://api.bayut.com',
  dubizzle: 'https://api.bayut.com',
  goyzer: 'https://webapi.goyzer.com',
  // Zapier has no API we call: each hook is POSTed to its subscription's own target (zapier-targets.ts checks it).
  zapier: 'https://hooks.zapier.com',
};

const INTERCOM_REGIONS: Record<string, string> = {
  us: 'https://api.intercom.io',
  eu: 'https://api.eu.intercom.io',
  au: 'https://api.au.intercom.io',
};

/**
 * Where the account itself names its host: ActiveCampaign's account URL (its schema allows only *.api-us1.com and
 * *.activehosted.com), Amplitude's EU data centre.
 */
function regionalUrl(name: IntegrationProviderName, config: IntegrationConfig): string | undefined {
  if (name === 'activecampaign' && typeof config.apiUrl === 'string' && URL.canParse(config.apiUrl)) return new URL(config.apiUrl).origin;
  if (name === 'amplitude' && config.region === 'eu') return 'https://api.eu.amplitude.com';
  return undefined;
}

/** `cencorp-link` -> `CENCORP_LINK`: the suffix of its INTEGRATION_BASE_URL_ variable. */
export const baseUrlVariable = (name: IntegrationProviderName) => `INTEGRATION_BASE_URL_${name.toUpperCase().replace(/-/g, '_')}`;

/** The provider's API address for this deployment (no trailing slash), or null when it has none. */
export function providerBaseUrl(
  env: Pick<Env, 'INTEGRATION_BASE_URLS'>,
  name: IntegrationProviderName,
  config: IntegrationConfig,
): string | null {
  const configured = env.INTEGRATION_BASE_URLS[baseUrlVariable(name).slice('INTEGRATION_BASE_URL_'.length)];
  const region = typeof config.region === 'string' ? config.region : 'us';
  const fallback = name === 'intercom' ? INTERCOM_REGIONS[region] : DEFAULT_BASE_URLS[name];
  const url = configured ?? regionalUrl(name, config) ?? fallback;
  return url ? url.replace(/\/+$/, '') : null;
}
