import type { AppDeps } from '../../../../core/deps.js';
import { askIntegration, type ActiveIntegration } from '../../active-integration.js';

// TinyURL's API (Bearer API token): POST /create { url, domain } answers { data: { tiny_url, url, ... }, code: 0,
// errors: [] }. The configured domain (a branded one) is sent when set; TinyURL's own otherwise.

export async function createShortUrl(
  deps: Pick<AppDeps, 'db' | 'log' | 'env'>,
  integration: ActiveIntegration,
  longUrl: string,
): Promise<string> {
  const domain = typeof integration.config.domain === 'string' && integration.config.domain ? integration.config.domain : null;
  const { json } = await askIntegration(deps, integration, {
    method: 'POST',
    path: '/create',
    headers: { authorization: `Bearer ${integration.secrets.apiToken ?? ''}` },
    json: { url: longUrl, ...(domain ? { domain } : {}) },
  });
  const tiny = (json as { data?: { tiny_url?: unknown } } | null)?.data?.tiny_url;
  if (typeof tiny !== 'string' || !URL.canParse(tiny)) throw new Error('TinyURL answered without a short link.');
  return tiny;
}
