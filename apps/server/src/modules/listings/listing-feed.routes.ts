import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FEED_PORTALS, IntegrationProviderNameSchema, SYNDICATION_MESSAGES, UUID_PATTERN, type IntegrationProviderName } from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { fileResponse } from '../../plugins/openapi-files.js';
import { feedFormatOf, feedSecretOf, servesFeed, signatureMatches } from '../integrations/feed-token.js';
import { findIntegration } from '../integrations/integration-record.js';
import { feedListings, feedWhere } from './listing-feed-query.js';
import { feedDocument } from './listing-xml-feed.js';

// GET /api/feeds/{provider}/{asset}.{signature}.xml: the listing feed a portal or partner pulls (public: the signed
// address is the credential). Anything that does not match a live, enabled feed answers the same 404, so an
// address reveals nothing; the document is streamed page by page (docs/api.md 'Listing feeds').

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
  const now = deps.clock.now();
  const portal = FEED_PORTALS[provider as keyof typeof FEED_PORTALS];
  const pages = feedListings(deps.db, feedWhere(row, now));
  return {
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8',
    stream: Readable.from(feedDocument(format, pages, portal ? [portal] : [], now)),
  };
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
        summary: 'A portal or partner reads its listing feed (the signed address is the credential)',
        params: z.object({ provider: IntegrationProviderNameSchema, file: z.string().max(200) }),
        response: { 200: fileResponse('The feed document', ['application/xml', 'application/json']) },
      },
    },
    async (req, reply) => {
      const feed = await openFeed(app.deps, req.params.provider, req.params.file);
      return reply.header('content-type', feed.contentType).header('cache-control', 'no-store').send(feed.stream);
    },
  );
}
