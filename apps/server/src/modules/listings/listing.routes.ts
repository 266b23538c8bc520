import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ListingAmenitiesBodySchema,
  ListingFeedResultSchema,
  ListingImagesBodySchema,
  ListingSyncManyBodySchema,
  ListingSyncNowBodySchema,
  PERMISSIONS,
  PermitCheckSchema,
  SyncRunSchema,
  listingContract,
  oneResponseSchema,
} from '@crm/domain';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.plugin.js';
import { listingSyncRun, syncListingImages, syncListings, type FeedCall } from './listing-feed.service.js';
import { checkListingPermit } from './listing-permit.service.js';
import { listingFeedRoutes } from './listing-feed.routes.js';
import { actorInAsset, updateListingPart } from './listing-parts.service.js';

// Listing calls beside the generic ones (docs/api.md 'Listings'), REST door: the editor's media and amenities
// sections, and the feed and permit calls (409 while the integration they need is not set up), and the run of a
// sync call as the listing screens follow it.

const BASE = '/api/properties/listings';
const tags = ['properties'];
const record = oneResponseSchema(listingContract.row);
const feed = oneResponseSchema(ListingFeedResultSchema);
const config = (errors: ('NOT_FOUND' | 'CONFLICT')[]) => ({ permissions: [PERMISSIONS.LISTINGS_VIEW], errors });
const IdParams = z.object({ id: z.string().max(100) });

export async function listingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await listingFeedRoutes(fastify);
  const call = (req: FastifyRequest, asset?: string): FeedCall => ({ deps: app.deps, actor: actorInAsset(actorOf(req), asset) });

  app.patch(
    `${BASE}/images/:id`,
    {
      config: config([]),
      schema: {
        tags,
        operationId: 'listings.updateImages',
        summary: 'Set the pictures and floor plans (stored files, in display order) and the cover',
        params: IdParams,
        body: ListingImagesBodySchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await updateListingPart(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/amenities/:id`,
    {
      config: config([]),
      schema: {
        tags,
        operationId: 'listings.updateAmenities',
        summary: "Set the listing's amenities",
        params: IdParams,
        body: ListingAmenitiesBodySchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await updateListingPart(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/sync-now/:id`,
    {
      config: config(['CONFLICT']),
      schema: {
        tags,
        operationId: 'listings.syncNow',
        summary: "Sync one listing with the asset's primary CRM and push it to Property Finder, as background runs (409 when neither can)",
        params: IdParams,
        body: ListingSyncNowBodySchema,
        response: { 200: feed },
      },
    },
    async (req) => ({ data: await syncListings(call(req, req.body?.asset), [req.params.id]) }),
  );
  app.post(
    `${BASE}/sync-multiple-listings`,
    {
      config: config(['NOT_FOUND', 'CONFLICT']),
      schema: {
        tags,
        operationId: 'listings.syncMultiple',
        summary: 'Sync several listings with the primary CRM and push them to Property Finder, one run each (409 when neither can)',
        body: ListingSyncManyBodySchema,
        response: { 200: feed },
      },
    },
    async (req) => ({ data: await syncListings(call(req, req.body.asset), req.body.listings) }),
  );
  app.get(
    `${BASE}/sync-property-images/:id`,
    {
      config: config(['CONFLICT']),
      schema: {
        tags,
        operationId: 'listings.syncImages',
        summary: "Send the listing's pictures to Property Finder again, as a background run (409 while it is not set up)",
        params: IdParams,
        querystring: z.object({ asset: z.string().optional() }),
        response: { 200: feed },
      },
    },
    async (req) => ({ data: await syncListingImages(call(req), req.params.id) }),
  );
  app.get(
    `${BASE}/sync-runs/:id`,
    {
      config: { permissions: [...listingContract.permissions.read], errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'listings.syncRun',
        summary: 'A run of the sync calls (queued, running, completed or failed, its progress and error)',
        params: IdParams,
        response: { 200: oneResponseSchema(SyncRunSchema) },
      },
    },
    async (req) => ({ data: await listingSyncRun(call(req), req.params.id) }),
  );
  app.get(
    `${BASE}/trakheesi/:id`,
    {
      config: config(['CONFLICT']),
      schema: {
        tags,
        operationId: 'listings.checkPermit',
        summary: "Check the listing's Trakheesi permit with the permit integration (409 while none is enabled)",
        params: IdParams,
        querystring: z.object({ asset: z.string().optional() }),
        response: { 200: oneResponseSchema(PermitCheckSchema) },
      },
    },
    async (req) => ({ data: await checkListingPermit(call(req), req.params.id) }),
  );
}
