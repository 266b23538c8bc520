import { createHmac, timingSafeEqual } from 'node:crypto';
import { FEED_PORTALS, isPartnerFeedProvider, type IntegrationProviderName } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { openSecrets, storedConfig, type IntegrationRow } from './integration-record.js';

// The signed address of a portal's or partner's listing feed: /api/feeds/{provider}/{asset}.{signature}.xml, the
// signature an HMAC of provider and asset under the integration's own feed secret (Bayut and dubizzle: feedSecret;
// partners: their sharedSecret). Setting a new secret retires every address signed with the old one.

export type FeedFormat = 'bayut-xml' | 'pf-xml' | 'json';

/** Providers that serve a feed: the Bayut group's portals and every partner. */
export const servesFeed = (provider: IntegrationProviderName) => provider in FEED_PORTALS || isPartnerFeedProvider(provider);

export function feedSecretOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow): string | null {
  const secrets = openSecrets(deps, row);
  const secret = isPartnerFeedProvider(row.name as IntegrationProviderName) ? secrets.sharedSecret : secrets.feedSecret;
  return secret || null;
}

export function feedFormatOf(row: IntegrationRow): FeedFormat {
  const format = storedConfig(row).feedFormat;
  return format === 'pf-xml' || format === 'json' ? format : 'bayut-xml';
}

export const feedSignature = (secret: string, provider: string, assetId: string) =>
  createHmac('sha256', secret).update(`feed:${provider}:${assetId}`).digest('base64url');

export function signatureMatches(secret: string, provider: string, assetId: string, given: string): boolean {
  const expected = Buffer.from(feedSignature(secret, provider, assetId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The feed's public address, or null while the provider has no feed or no secret to sign it. */
export function feedUrlOf(deps: Pick<AppDeps, 'env'>, row: IntegrationRow | null): string | null {
  if (!row || !servesFeed(row.name as IntegrationProviderName)) return null;
  const secret = feedSecretOf(deps, row);
  if (!secret) return null;
  const ext = feedFormatOf(row) === 'json' ? 'json' : 'xml';
  const base = deps.env.APP_URL.replace(/\/+$/, '');
  return `${base}/api/feeds/${row.name}/${row.assetId}.${feedSignature(secret, row.name, row.assetId)}.${ext}`;
}
