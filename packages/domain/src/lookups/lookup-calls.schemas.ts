import { z } from 'zod';
import { ListFilterSchema, listFilterFromJson } from '../list/list-filter.schema.js';
import { listResponseSchema } from '../list/list-response.schema.js';
import { CitySchema, CountrySchema, CurrencySchema, LanguageSchema, StateSchema, TimezoneSchema } from './geo.js';

// The lookups of the lead and customer forms (docs/api.md 'Other calls'): query strings of the REST doors (the
// filter as JSON text, read into the object tRPC takes), inputs of the tRPC doors, and the answers.

const filter = listFilterFromJson(ListFilterSchema, 'ListFilter as JSON: page, limit (-1 for all), skip, sort, select, query');
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
  filter: listFilterFromJson(ListFilterSchema, 'ListFilter as JSON; only `query` (listing fields) is used'),
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
  'tags',
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

/** One value of a listing lookup: a name, a number of bedrooms, or a search-locations hit. */
export const ListingLookupValueSchema = z.union([z.string(), z.number(), LocationOptionSchema]);
export const ListingLookupResponseSchema = z.object({ data: z.array(ListingLookupValueSchema) });

/** Each geo lookup's row (`_id` always, the other fields as the filter's `select` chose them): GET /geo/{lookup}. */
export const GEO_ROW_SCHEMAS = {
  countries: CountrySchema.partial().required({ _id: true }),
  states: StateSchema.partial().required({ _id: true }),
  cities: CitySchema.partial().required({ _id: true }),
  currencies: CurrencySchema.partial().required({ _id: true }),
  timezones: TimezoneSchema.partial().required({ _id: true }),
  languages: LanguageSchema.partial().required({ _id: true }),
} as const satisfies Record<GeoLookup, z.ZodType>;

/**
 * A row of any geo lookup (the tRPC door takes the lookup as input, so one schema answers them all): every field
 * of every lookup, optional, so none is dropped on the way out.
 */
export const GeoRowSchema = CountrySchema.extend(StateSchema.shape)
  .extend(CitySchema.shape)
  .extend(CurrencySchema.shape)
  .extend(TimezoneSchema.shape)
  .extend(LanguageSchema.shape)
  .partial()
  .required({ _id: true });
export type GeoRow = z.infer<typeof GeoRowSchema>;
export const GeoListResponseSchema = listResponseSchema(GeoRowSchema);

/** tRPC `lookups.geo`: the lookup, the list filter (an object here), the typed text and the country. */
export const GeoLookupInputSchema = z.strictObject({
  lookup: z.enum(GEO_LOOKUPS),
  filter: ListFilterSchema.optional(),
  keyword: z.string().trim().max(200).optional(),
  country: z.string().trim().max(200).optional(),
});

export type GeoLookupInput = z.output<typeof GeoLookupInputSchema>;

/**
 * tRPC `lookups.listing`: only the filter's `query` (listing fields, which the server checks) is used; the filter
 * is the generic one, as REST's JSON is, so both doors hand the server one shape.
 */
export const ListingLookupInputSchema = z.strictObject({
  lookup: z.enum(LISTING_LOOKUPS),
  filter: ListFilterSchema.optional(),
  country: z.string().trim().max(200).optional(),
  city: z.string().trim().max(200).optional(),
  location: z.string().trim().max(200).optional(),
  keyword: z.string().trim().max(200).optional(),
});
export type ListingLookupInput = z.output<typeof ListingLookupInputSchema>;

/** GET /static-dictionaries/{name}: the domain's fixed lists. */
export const STATIC_DICTIONARIES = ['property-types', 'property-amenities'] as const;
export type StaticDictionary = (typeof STATIC_DICTIONARIES)[number];

/** tRPC `lookups.staticDictionary`. */
export const StaticDictionaryInputSchema = z.strictObject({ name: z.enum(STATIC_DICTIONARIES) });
