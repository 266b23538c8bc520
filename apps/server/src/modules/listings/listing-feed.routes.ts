import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IntegrationProviderNameSchema, SYNDICATION_MESSAGES, UUID_PATTERN, type IntegrationProviderName } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { fileResponse } from '../../plugins/openapi-files.js';
import {
  feedFormatOf,
  feedSecretOf,
  servesFeed,
  signatureMatches,
  findIntegration,
  currentFeedSnapshot,
  openFeedDocument,
} from '../integrations/index.js';

// GET /api/feeds/{provider}/{asset}.{signature}.xml: the listing feed a portal or partner pulls (public: the signed
// address is the credential). Anything that does not match a live, enabled feed answers the same 404, so an
// address reveals nothing. The answer is the feed's snapshot (feed-snapshot.ts) with its ETag: 304 to a client that
// has it (If-None-Match), gzip to one that takes it (docs/api.md 'Listing feeds').

const FILE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.(xml|json)$/;

export async function openFeed(deps: AppDeps, provider: IntegrationProviderName, file: string) {
  const notFound = AppError.notFound(SYNDICATION_MESSAGES.feedNotFound);
  const match = FILE.exec(file);
  const [, assetId = '', signature = '', ext] = match ?? [];
  if (!match || !UUID_PATTERN.test(assetId) || !servesFeed(provider)) throw notFound;
  const row = await findIntegration(deps, assetId, provider);
  const secret = row?.enabled ? feedSecretOf(deps, row) : null;
  if (!row || !secret || !signatureMatches(secret, provider, assetId, signature)) throw notFound;
  const format = feedFormatOf(row);
  if ((format === 'json') !== (ext === 'json')) throw notFound;
  return {
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8',
    row,
    snapshot: await currentFeedSnapshot(deps, row),
  };
}

/** Whether `If-None-Match` names this ETag (a list, `*`, weak or strong). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/** Whether the client takes gzip (`Accept-Encoding`, not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (!q || Number(q.slice(2)) > 0);
  });
}

export async function listingFeedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/feeds/:provider/:file',
    {
      config: { public: true, errors: ['NOT_FOUND'] },
      schema: {
        tags: ['integrations'],
        operationId: 'feeds.listings',
        summary: 'A portal or partner reads its listing feed (the signed address is the credential; ETag, gzip)',
        params: z.object({ provider: IntegrationProviderNameSchema, file: z.string().max(200) }),
        response: {
          200: fileResponse('The feed document (gzip when accepted)', ['application/xml', 'application/json']),
          304: z.null().describe('Not modified: the ETag named in If-None-Match is still the feed'),
        },
      },
    },
    async (req, reply) => {
      const { contentType, row, snapshot: stored } = await openFeed(app.deps, req.params.provider, req.params.file);
      // Portals poll: they revalidate every time, and an unchanged feed costs them a 304 (no document is opened).
      const notModified = etagMatches(req.headers['if-none-match'], stored.etag);
      const { snapshot, document } = notModified ? { snapshot: stored, document: null } : await openFeedDocument(app.deps, row, stored);
      reply
        .header('etag', snapshot.etag)
        .header('last-modified', snapshot.builtAt.toUTCString())
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (!document) return reply.status(304).send(null);
      reply.header('content-type', contentType);
      // Streamed from the storage backend as kept (gzip), or unzipped on the way for a client that does not take it.
      if (acceptsGzip(req.headers['accept-encoding'])) {
        return reply.header('content-encoding', 'gzip').header('content-length', snapshot.gzipBytes).send(document);
      }
      // pipeline: a read error ends the answer instead of leaving it hanging.
      return reply.send(pipeline(document, createGunzip(), () => undefined));
    },
  );
}
