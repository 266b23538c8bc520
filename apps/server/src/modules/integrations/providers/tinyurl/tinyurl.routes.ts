import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, ShortLinkSchema } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { shortenLeadTrackingLink, shortenListing } from './short-link.service.js';

// A listing's and a lead's short links (TinyURL, docs/api.md 'Integrations'); tRPC: marketing.router.ts.
export async function tinyUrlRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Short links (TinyURL).
  const id = z.object({ id: z.string().max(100) });
  app.post(
    '/api/properties/listings/:id/short-link',
    {
      schema: {
        tags: ['properties'],
        operationId: 'listings.shortLink',
        summary: "Make the listing's short link (TinyURL)",
        params: id,
        response: { 200: oneResponseSchema(ShortLinkSchema) },
      },
    },
    async (req) => ({ data: await shortenListing(deps, actorOf(req), req.params.id) }),
  );
  app.post(
    '/api/properties/leads/:id/short-link',
    {
      schema: {
        tags: ['leads'],
        operationId: 'leads.shortLink',
        summary: "Shorten the lead's tracking link (TinyURL)",
        params: id,
        response: { 200: oneResponseSchema(ShortLinkSchema) },
      },
    },
    async (req) => ({ data: await shortenLeadTrackingLink(deps, actorOf(req), req.params.id) }),
  );
}
