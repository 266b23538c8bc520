import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GEO_LOOKUPS,
  GEO_ROW_SCHEMAS,
  GeoQuerySchema,
  listResponseSchema,
  LISTING_LOOKUPS,
  ListingLookupQuerySchema,
  ListingLookupResponseSchema,
  StringListResponseSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { STATIC_DICTIONARIES, listGeo, staticDictionary, type StaticDictionary } from './geo.service.js';
import { listingLookup } from './listing-lookups.service.js';
import { ensurePlaces } from './place-seed.service.js';

// The lookups of the lead and customer forms, REST door: /geo/* and /static-dictionaries/* for every signed-in
// user; /properties/listings/{lookup} with the listings' read permission (checked by the service).

/** `lookups.geoCountries`, `lookups.listingPropertyTypes`: one operationId per path. */
const operationId = (group: string, name: string) =>
  `lookups.${group}${name.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}`;

export async function lookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest) => ({ deps: app.deps, actor: actorOf(req) });

  // Every company has the seeded places before its first screen asks for them; one created later gets them on its
  // first lookup (places.service.ts).
  app.addHook('onReady', async () => {
    try {
      for (const { id } of await app.deps.db.company.findMany({ select: { id: true } })) await ensurePlaces(app.deps.db, id);
    } catch (error) {
      app.deps.log.warn({ err: error }, 'seeding the companies places failed');
    }
  });

  for (const lookup of GEO_LOOKUPS) {
    app.get(
      `/api/geo/${lookup}`,
      {
        schema: {
          tags: ['geo'],
          operationId: operationId('geo', lookup),
          summary: `Geo lookup: ${lookup}, sorted by name (filter limit -1 for all)`,
          querystring: GeoQuerySchema,
          response: { 200: listResponseSchema(GEO_ROW_SCHEMAS[lookup]) },
        },
      },
      async (req) => listGeo(app.deps.clock, lookup, req.query),
    );
  }
  for (const name of Object.keys(STATIC_DICTIONARIES) as StaticDictionary[]) {
    app.get(
      `/api/static-dictionaries/${name}`,
      {
        schema: {
          tags: ['geo'],
          operationId: operationId('dictionary', name),
          summary: `Static dictionary: ${name}`,
          querystring: z.object({ asset: z.string().optional() }),
          response: { 200: StringListResponseSchema },
        },
      },
      async () => ({ data: staticDictionary(name) }),
    );
  }
  for (const lookup of LISTING_LOOKUPS) {
    app.get(
      `/api/properties/listings/${lookup}`,
      {
        schema: {
          tags: ['properties'],
          operationId: operationId('listing', lookup),
          summary: `Lead form lookup: ${lookup} (the asset's listings merged with the static lists)`,
          querystring: ListingLookupQuerySchema,
          response: { 200: ListingLookupResponseSchema },
        },
      },
      async (req) => ({ data: await listingLookup(call(req), lookup, req.query) }),
    );
  }
}
