import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { SyncRunSchema } from '../integrations/integration.schemas.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import {
  ListingAmenitiesBodySchema,
  ListingFeedResultSchema,
  ListingImagesBodySchema,
  ListingSyncManyBodySchema,
  ListingSyncNowBodySchema,
  PermitCheckSchema,
} from './listing-calls.schemas.js';
import { listingContract } from './listing.contract.js';

// Listing calls beside the generic ones (docs/api.md 'Listings'): the editor's media and amenities sections, the feed
// and permit calls (409 while the integration they need is not set up), and the run of a sync call as the listing
// screens follow it. Both doors answer `{ data }` (the tRPC procedures always did), so the output is the envelope.
const BASE = '/api/properties/listings';
const id = z.string().max(100);
const IdParams = z.object({ id });
const AssetQuery = z.object({ asset: z.string().optional() });
const editor = { tag: 'properties', access: [P.LISTINGS_VIEW], scope: 'asset' } as const;
const record = oneResponseSchema(listingContract.row);
const feed = oneResponseSchema(ListingFeedResultSchema);

const updateImages = defineCall({
  ...editor,
  operationId: 'listings.updateImages',
  summary: 'Set the pictures and floor plans (stored files, in display order) and the cover',
  kind: 'mutation',
  input: ListingImagesBodySchema.extend({ id }),
  output: record,
  rest: {
    method: 'PATCH',
    path: `${BASE}/images/:id`,
    params: IdParams,
    body: ListingImagesBodySchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const updateAmenities = defineCall({
  ...editor,
  operationId: 'listings.updateAmenities',
  summary: "Set the listing's amenities",
  kind: 'mutation',
  input: ListingAmenitiesBodySchema.extend({ id }),
  output: record,
  rest: {
    method: 'PATCH',
    path: `${BASE}/amenities/:id`,
    params: IdParams,
    body: ListingAmenitiesBodySchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const syncNow = defineCall({
  ...editor,
  operationId: 'listings.syncNow',
  summary: "Sync one listing with the asset's primary CRM and push it to Property Finder, as background runs (409 when neither can)",
  errors: ['CONFLICT'],
  kind: 'mutation',
  // `asset` names another of the caller's assets to work in (404 when it is not one of them).
  input: z.strictObject({ id, asset: z.string().optional() }),
  output: feed,
  rest: {
    method: 'PATCH',
    path: `${BASE}/sync-now/:id`,
    params: IdParams,
    body: ListingSyncNowBodySchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ id: params.id, asset: body?.asset }),
  },
});

const syncMultiple = defineCall({
  ...editor,
  operationId: 'listings.syncMultiple',
  summary: 'Sync several listings with the primary CRM and push them to Property Finder, one run each (409 when neither can)',
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: ListingSyncManyBodySchema,
  output: feed,
  rest: { method: 'POST', path: `${BASE}/sync-multiple-listings`, envelope: 'bare' },
});

const syncImages = defineCall({
  ...editor,
  operationId: 'listings.syncImages',
  summary: "Send the listing's pictures to Property Finder again, as a background run (409 while it is not set up)",
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: z.strictObject({ id }),
  output: feed,
  rest: {
    method: 'GET',
    path: `${BASE}/sync-property-images/:id`,
    params: IdParams,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params }) => ({ id: params.id }),
  },
});

const syncRun = defineCall({
  ...editor,
  access: listingContract.permissions.read,
  operationId: 'listings.syncRun',
  summary: 'A run of the sync calls (queued, running, completed or failed, its progress and error)',
  errors: ['NOT_FOUND'],
  kind: 'query',
  input: z.strictObject({ id }),
  output: oneResponseSchema(SyncRunSchema),
  rest: { method: 'GET', path: `${BASE}/sync-runs/:id`, params: IdParams, envelope: 'bare', toInput: ({ params }) => params },
});

const checkPermit = defineCall({
  ...editor,
  operationId: 'listings.checkPermit',
  summary: "Check the listing's Trakheesi permit with the permit integration (409 while none is enabled)",
  errors: ['CONFLICT'],
  kind: 'query',
  input: z.strictObject({ id }),
  output: oneResponseSchema(PermitCheckSchema),
  rest: {
    method: 'GET',
    path: `${BASE}/trakheesi/:id`,
    params: IdParams,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params }) => ({ id: params.id }),
  },
});

export const listingCalls = defineCalls('listings', {
  updateImages,
  updateAmenities,
  syncNow,
  syncMultiple,
  syncImages,
  syncRun,
  checkPermit,
});
