import { z } from 'zod';
import { GEO_LOOKUPS, LISTING_LOOKUPS } from '@crm/domain';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { STATIC_DICTIONARIES, listGeo, staticDictionary, type StaticDictionary } from './geo.service.js';
import { listingLookup } from './listing-lookups.service.js';

// The form lookups, tRPC door onto the same services as lookups.routes.ts.
const text = z.string().trim().max(200).optional();
const dictionaryNames = Object.keys(STATIC_DICTIONARIES) as [StaticDictionary, ...StaticDictionary[]];

export const lookupsRouter = router({
  geo: protectedProcedure
    .input(z.strictObject({ lookup: z.enum(GEO_LOOKUPS), filter: z.unknown().optional(), keyword: text, country: text }))
    .query(({ ctx, input }) => listGeo(ctx.deps.clock, input.lookup, input)),
  staticDictionary: protectedProcedure
    .input(z.strictObject({ name: z.enum(dictionaryNames) }))
    .query(({ input }) => ({ data: staticDictionary(input.name) })),
  listing: protectedProcedure
    .input(
      z.strictObject({
        lookup: z.enum(LISTING_LOOKUPS),
        filter: z.unknown().optional(),
        country: text,
        city: text,
        location: text,
        keyword: text,
      }),
    )
    .query(async ({ ctx, input }) => ({ data: await listingLookup(ctx, input.lookup, input) })),
});
