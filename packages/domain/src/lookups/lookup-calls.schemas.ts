import { z } from 'zod';
import { LIST_FILTER_LIMITS } from '../list/list-filter.schema.js';

// The lookups of the lead and customer forms (docs/api.md 'Other calls'): query strings of the REST door, inputs of the tRPC door, and the answers.

const filter = z
  .string()
  .max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH)
  .optional()
  .describe('ListFilter as JSON: page, limit (-1 for all), skip, sort, select, query');
const text = (description: string) => z.string().trim().max(200).optional().describe(description);

/** GET /geo/{countries|states|cities|currencies|timezones|languages}. */
export const GeoQuerySchema = z.object({
  filter,
  keyword: text('Case-insensitive text matched in the names (and codes)'),
  country: text('States and cities: the country, by ISO code or English name'),
  asset: z.string().optional(),
});
export type GeoQuery = z.infer<typeof GeoQuerySchema>;

export const GEO_LOOKUPS = ['countries', 'states', 'cities', 'currencies', 'timezones', 'languages'] as const;
export type GeoLookup = (typeof GEO_LOOKUPS)[number];

/** GET /properties/listings/{lookup}: the values in the asset's listings, merged with the static lists. */
export const ListingLookupQuerySchema = z.object({
  filter: z
    .string()
    .max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH)
    .optional()
    .describe('ListFilter as JSON; only `query` (listing fields) is used'),
  country: text('Cities: only this country (name or ISO code)'),
  city: text("Locations, communities, sub-locations, search-locations: only this city (case-insensitive; locations default to 'dubai')"),
  location: text('Sub-locations and communities: only this location'),
  keyword: text('search-locations: text matched in location and sub-location names'),
  asset: z.string().optional(),
});
export type ListingLookupQuery = z.infer<typeof ListingLookupQuerySchema>;

export const LISTING_LOOKUPS = [
  'property-types',
  'bedrooms',
  'countries',
  'cities',
  'communities',
  'locations',
  'search-locations',
  'sub-locations',
  'amenities',
  'amenities-static',
] as const;
export type ListingLookup = (typeof LISTING_LOOKUPS)[number];

/** One hit of search-locations: a location, or a sub-location inside one. */
export const LocationOptionSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['location', 'subLocation']),
  city: z.string().nullable(),
  location: z.string(),
  subLocation: z.string().nullable(),
});
export type LocationOption = z.infer<typeof LocationOptionSchema>;

export const StringListResponseSchema = z.object({ data: z.array(z.string()) });
export const NumberListResponseSchema = z.object({ data: z.array(z.number()) });
