import {
  GeoListResponseSchema,
  GeoLookupInputSchema,
  ListingLookupInputSchema,
  ListingLookupResponseSchema,
  StringListResponseSchema,
} from '@crm/domain';
import { z } from 'zod';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { STATIC_DICTIONARIES, listGeo, staticDictionary, type StaticDictionary } from './geo.service.js';
import { listingLookup } from './listing-lookups.service.js';
import { placeResource } from './place.resource.js';

// The form lookups, tRPC door onto the same services as lookups.routes.ts.
const dictionaryNames = Object.keys(STATIC_DICTIONARIES) as [StaticDictionary, ...StaticDictionary[]];

export const lookupsRouter = router({
  geo: protectedProcedure
    .input(GeoLookupInputSchema)
    .output(GeoListResponseSchema)
    .query(({ ctx, input }) => listGeo(ctx.deps.clock, input.lookup, input)),
  staticDictionary: protectedProcedure
    .input(z.strictObject({ name: z.enum(dictionaryNames) }))
    .output(StringListResponseSchema)
    .query(({ input }) => ({ data: staticDictionary(input.name) })),
  listing: protectedProcedure
    .input(ListingLookupInputSchema)
    .output(ListingLookupResponseSchema)
    .query(async ({ ctx, input }) => ({ data: await listingLookup(ctx, input.lookup, input) })),
});

/** The company's places (emirates, cities, communities, sub-communities): the generic resource calls. */
export const placesRouter = router(resourceProcedures(placeResource));
