import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { FEED_PORTALS } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { FeedSnapshot } from '../../generated/prisma/client.js';
import { storageBackendFor } from '../storage/index.js';
import { feedListings, feedWhere, type FeedListing } from './listing-feed-query.js';
import { feedDocument } from './listing-xml-feed.js';
import { feedFormatOf, type FeedFormat } from './feed-token.js';
import type { IntegrationRow } from './integration-record.js';

// A portal's or partner's listing feed, built once and kept (docs/api.md 'Listing feeds'): the whole document
// streamed page by page through gzip into the storage backend (disk or S3, never whole in memory: 100,000 listings
// are ~100 MB of XML), with a FeedSnapshot row naming it and its ETag (a hash of the document), so the portals that
// poll the feed every few minutes are answered from it (304 when they have it already) instead of rebuilding it. Listing writes queue a rebuild (feed-snapshot.job.ts); a snapshot also stops being served once a permit of a
// listing in it expires (`staleAt`), and is rebuilt on that pull.

export type { FeedSnapshot };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The feed as its integration asks for it now: its format, and where it is stale from. */
export async function buildFeedSnapshot(deps: Pick<AppDeps, 'db' | 'clock' | 'env'>, row: IntegrationRow): Promise<FeedSnapshot> {
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
  const gzipped = new PassThrough();
  const storage = storageBackendFor(deps.env);
  // A new key per build: a pull already streaming the previous document keeps reading it until it is removed.
  const storageKey = `${row.assetId}/feeds/${row.id}-${randomBytes(6).toString('hex')}.${format}.gz`;
  const [gzipBytes] = await Promise.all([
    storage.putStream(storageKey, gzipped, 'application/gzip'),
    pipeline(
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
      gzipped,
    ).catch((error: unknown) => {
      // The store sees the failure too (and keeps nothing).
      gzipped.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }),
  ]);
  const data = {
    assetId: row.assetId,
    format,
    etag: `"${hash.digest('base64url').slice(0, 32)}"`,
    storageKey,
    gzipBytes,
    bytes,
    listings,
    builtAt: now,
    // Rebuilt at least daily, and as soon as a listing in it stops qualifying (its permit's expiry).
    staleAt: new Date(Math.min(firstExpiry ?? Number.POSITIVE_INFINITY, now.getTime() + DAY_MS)),
  };
  try {
    // The row is locked while it is swapped: of two builds at once, the later one reads (and removes) the earlier
    // one's document, instead of both removing the one before and leaving one document in storage for good.
    const { saved, replaced } = await deps.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ storageKey: string | null }[]>`
        SELECT "storageKey" FROM "FeedSnapshot" WHERE "integrationId" = ${row.id}::uuid FOR UPDATE`;
      const saved = await tx.feedSnapshot.upsert({
        where: { integrationId: row.id },
        create: { integrationId: row.id, ...data },
        update: data,
      });
      return { saved, replaced: locked[0]?.storageKey ?? null };
    });
    if (replaced && replaced !== storageKey) await storage.remove(replaced);
    return saved;
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

/** Forgets the integration's snapshot and its document (its secret, format or filter changed, or it went away). */
export async function dropFeedSnapshot(deps: Pick<AppDeps, 'db' | 'env'>, integrationId: string): Promise<void> {
  const stored = await deps.db.feedSnapshot.findUnique({ where: { integrationId }, select: { storageKey: true } });
  if (!stored) return;
  await deps.db.feedSnapshot.deleteMany({ where: { integrationId } });
  await storageBackendFor(deps.env).remove(stored.storageKey);
}

/** The snapshot to serve: the stored one while it matches the integration's format and is not stale, else a new one. */
export async function currentFeedSnapshot(deps: Pick<AppDeps, 'db' | 'clock' | 'env'>, row: IntegrationRow): Promise<FeedSnapshot> {
  const stored = await deps.db.feedSnapshot.findUnique({ where: { integrationId: row.id } });
  const now = deps.clock.now();
  if (stored && stored.format === feedFormatOf(row) && (!stored.staleAt || stored.staleAt > now)) return stored;
  return buildFeedSnapshot(deps, row);
}

/**
 * The gzipped document of `snapshot` as a stream, with the snapshot it belongs to. A document removed between
 * reading the row and opening it (a rebuild finished in between, or the storage lost it) is looked up again, then
 * built afresh.
 */
export async function openFeedDocument(
  deps: Pick<AppDeps, 'db' | 'clock' | 'env'>,
  row: IntegrationRow,
  snapshot: FeedSnapshot,
): Promise<{ snapshot: FeedSnapshot; document: Readable }> {
  const storage = storageBackendFor(deps.env);
  let current = snapshot;
  for (let attempt = 0; ; attempt++) {
    const document = await storage.open(current.storageKey);
    if (document) return { snapshot: current, document };
    if (attempt === 2) throw new Error(`feed document missing right after its build: ${current.storageKey}`);
    current = attempt === 0 ? await currentFeedSnapshot(deps, row) : await buildFeedSnapshot(deps, row);
  }
}
