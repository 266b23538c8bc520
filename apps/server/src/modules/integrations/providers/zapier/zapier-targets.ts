import type { Env } from '../../../../env.js';
import { baseUrlVariable } from '../../integration-endpoints.js';

// Where we may POST a Zapier trigger: Zapier's own https hosts (REST hook URLs are on hooks.zapier.com), or, for a
// test's local target, the origin of INTEGRATION_BASE_URL_ZAPIER. A subscriber cannot make the server call anything
// else (no SSRF through a target URL).

const ZAPIER_HOST = /(^|\.)zapier\.com$/;

export function isAllowedTarget(env: Pick<Env, 'INTEGRATION_BASE_URLS'>, targetUrl: string): boolean {
  if (!URL.canParse(targetUrl)) return false;
  const url = new URL(targetUrl);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && ZAPIER_HOST.test(url.hostname) && !url.port) return true;
  const local = env.INTEGRATION_BASE_URLS[baseUrlVariable('zapier').slice('INTEGRATION_BASE_URL_'.length)];
  return Boolean(local && URL.canParse(local) && new URL(local).origin === url.origin);
}
