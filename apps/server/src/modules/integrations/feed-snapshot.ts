import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { FEED_PORTALS } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { FeedSnapshot } from '../../generated/prisma/client.js';
import { feedListings, feedWhere, type FeedListing } from '../listings/listing-feed-query.js';
import { feedDocument } from '../listings/listing-xml-feed.js';
import { feedFormatOf, type FeedFormat } from './feed-token.js';
import type { IntegrationRow } from './integration-record.js';

// A portal's or partner's listing feed, built once and kept (docs/api.md 'Listing feeds'): the whole document
// streamed page by page through gzip into a FeedSnapshot row with its ETag (a hash of the document), so the portals
// that poll the feed every few minutes are answered from it (304 when they have it already) instead of rebuilding
// it. Listing writes queue a rebuild (feed-snapshot.job.ts); a snapshot also stops being served once a permit of a
// listing in it expires (`staleAt`), and is rebuilt on that pull.

export type { FeedSnapshot };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The feed as its integration asks for it now: its format, and where it is stale from. */
export async function buildFeedSnapshot(deps: Pick<AppDeps, 'db' | 'clock'>, row: IntegrationRow): Promise<FeedSnapshot> {
  const now = deps.clock.now();
  const format: FeedFormat = feedFormatOf(row);
  const portal = FEED_PORTALS[row.name as keyof typeof FEED_PORTALS];
  let listings = 0;
  let firstExpiry: number | null = null;
  const pages = async function* (): AsyncGenerator<FeedListing[]> {
    for await (const page of feedListings(deps.db, feedWhere(row, now))) {
      listings += page.length;
      for (const listing of page) {
        const expiry = listing.permitExpiresAt?.getTime();
        if (expiry && expiry > now.getTime() && (firstExpiry === null || expiry < firstExpiry)) firstExpiry = expiry;
      }
      yield page;
    }
  };
  const hash = createHash('sha256');
  let bytes = 0;
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(feedDocument(format, pages(), portal ? [portal] : [], now)),
    async function* (source: AsyncIterable<string | Buffer>) {
      for await (const chunk of source) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'utf8');
        hash.update(buffer);
        bytes += buffer.length;
        yield buffer;
      }
    },
    createGzip(),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  const data = {
    assetId: row.assetId,
    format,
    etag: `"${hash.digest('base64url').slice(0, 32)}"`,
    gzip: new Uint8Array(Buffer.concat(chunks)),
    bytes,
    listings,
    builtAt: now,
    // Rebuilt at least daily, and as soon as a listing in it stops qualifying (its permit's expiry).
    staleAt: new Date(Math.min(firstExpiry ?? Number.POSITIVE_INFINITY, now.getTime() + DAY_MS)),
  };
  return deps.db.feedSnapshot.upsert({ where: { integrationId: row.id }, create: { integrationId: row.id, ...data }, update: data });
}

/** The snapshot to serve: the stored one while it matches the integration's format and is not stale, else a new one. */
export async function currentFeedSnapshot(deps: Pick<AppDeps, 'db' | 'clock'>, row: IntegrationRow): Promise<FeedSnapshot> {
  const stored = await deps.db.feedSnapshot.findUnique({ where: { integrationId: row.id } });
  const now = deps.clock.now();
  if (stored && stored.format === feedFormatOf(row) && (!stored.staleAt || stored.staleAt > now)) return stored;
  return buildFeedSnapshot(deps, row);
}
