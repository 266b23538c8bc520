import { z } from 'zod';
import { defineCall, defineCalls, restDoor } from '../calls/define-call.js';
import { listResponseSchema } from '../list/list-response.schema.js';
import { listingContract } from '../listings/listing.contract.js';
import {
  GEO_LOOKUPS,
  GEO_ROW_SCHEMAS,
  GeoListResponseSchema,
  GeoLookupInputSchema,
  GeoQuerySchema,
  LISTING_LOOKUPS,
  ListingLookupInputSchema,
  ListingLookupQuerySchema,
  ListingLookupResponseSchema,
  STATIC_DICTIONARIES,
  StaticDictionaryInputSchema,
  StringListResponseSchema,
  type GeoLookup,
  type ListingLookup,
  type StaticDictionary,
} from './lookup-calls.schemas.js';

// The lookups of the lead and customer forms (docs/api.md 'Other calls'). REST has one path per lookup, each its
// own operationId (and, for geo, its own row schema); tRPC one procedure per family that names the lookup in its
// input. So each family is one call: its first lookup's path is the call's REST door, the others its `restAlso`.
// Both doors answer the list envelope (`{ data }`, `{ data, meta }`), so the output is the envelope.

/** `lookups.geoCountries`, `lookups.listingPropertyTypes`: one operationId per path. */
const operationIdOf = (group: string, name: string) =>
  `lookups.${group}${name.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}`;

/** A lookup's own names: its operationId and summary (the call's for the family's first, an extra door's else). */
const named = (group: string, name: string, summary: string) => ({ operationId: operationIdOf(group, name), summary });

const AssetQuery = z.object({ asset: z.string().optional() });

/** Every lookup but the family's first, which is the call's own REST door. */
const others = <T extends string>(names: readonly T[]) => names.slice(1);

const geoDoor = (lookup: GeoLookup) => ({
  method: 'GET' as const,
  path: `/api/geo/${lookup}`,
  query: GeoQuerySchema,
  envelope: 'bare' as const,
  answer: listResponseSchema(GEO_ROW_SCHEMAS[lookup]),
  toInput: ({ query: { filter, keyword, country } }: { query: z.output<typeof GeoQuerySchema> }) => ({ lookup, filter, keyword, country }),
});
const geoSummary = (lookup: GeoLookup) => `Geo lookup: ${lookup}, sorted by name (filter limit -1 for all)`;

const geo = defineCall({
  ...named('geo', 'countries', geoSummary('countries')),
  tag: 'geo',
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  input: GeoLookupInputSchema,
  output: GeoListResponseSchema,
  rest: geoDoor('countries'),
  restAlso: others(GEO_LOOKUPS).map((lookup) =>
    restDoor(GeoLookupInputSchema, { ...geoDoor(lookup), ...named('geo', lookup, geoSummary(lookup)) }),
  ),
});

const dictionaryDoor = (name: StaticDictionary) => ({
  method: 'GET' as const,
  path: `/api/static-dictionaries/${name}`,
  query: AssetQuery,
  envelope: 'bare' as const,
  toInput: () => ({ name }),
});
const dictionarySummary = (name: StaticDictionary) => `Static dictionary: ${name}`;

const staticDictionary = defineCall({
  ...named('dictionary', 'property-types', dictionarySummary('property-types')),
  tag: 'geo',
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  input: StaticDictionaryInputSchema,
  output: StringListResponseSchema,
  rest: dictionaryDoor('property-types'),
  restAlso: others(STATIC_DICTIONARIES).map((name) =>
    restDoor(StaticDictionaryInputSchema, { ...dictionaryDoor(name), ...named('dictionary', name, dictionarySummary(name)) }),
  ),
});

const listingDoor = (lookup: ListingLookup) => ({
  method: 'GET' as const,
  path: `/api/properties/listings/${lookup}`,
  query: ListingLookupQuerySchema,
  envelope: 'bare' as const,
  toInput: ({ query: { asset: _asset, ...filters } }: { query: z.output<typeof ListingLookupQuerySchema> }) => ({ lookup, ...filters }),
});
const listingSummary = (lookup: ListingLookup) => `Lead form lookup: ${lookup} (the asset's listings merged with the static lists)`;

/** The asset's listings' values: whoever may read listings (the lead form's callers too). */
const listing = defineCall({
  ...named('listing', 'property-types', listingSummary('property-types')),
  tag: 'properties',
  access: listingContract.permissions.read,
  scope: 'asset',
  kind: 'query',
  input: ListingLookupInputSchema,
  output: ListingLookupResponseSchema,
  rest: listingDoor('property-types'),
  restAlso: others(LISTING_LOOKUPS).map((lookup) =>
    restDoor(ListingLookupInputSchema, { ...listingDoor(lookup), ...named('listing', lookup, listingSummary(lookup)) }),
  ),
});

export const lookupCalls = defineCalls('lookups', { geo, staticDictionary, listing });
