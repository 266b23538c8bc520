import {
  AMENITIES,
  UNIT_TYPES,
  findCountry,
  listCities,
  listCountries,
  listCurrencies,
  listLanguages,
  listStates,
  listTimezones,
  type GeoLookup,
  type GeoRow,
  type PaginatorMeta,
} from '@crm/domain';
import type { Clock } from '../../core/deps.js';
import { parseListFilter } from '../../resources/query-plan.js';
import { listStatic, type StaticListOptions } from './static-list.js';

// GET /geo/* (docs/api.md 'Other calls'): static lists from packages/domain (no table, no network),
// answered as lists with the usual filter (`limit: -1` for all), sorted by name.

export interface GeoRequest {
  filter?: unknown;
  keyword?: string | undefined;
  /** States and cities: ISO code or English name. */
  country?: string | undefined;
}

const NAME_SEARCH = { keywordFields: ['name'], defaultSort: 'name' } as const;

/** Each lookup's items, as rows of any geo lookup (GeoRowSchema: the fields of them all, optional). */
const SOURCES: Record<GeoLookup, { items: (now: Date) => readonly GeoRow[]; options: StaticListOptions; byCountry?: boolean }> = {
  countries: {
    items: () => listCountries(),
    options: {
      fields: ['_id', 'name', 'isoCode', 'phoneCode', 'flag'],
      keywordFields: ['name', 'isoCode', 'phoneCode'],
      defaultSort: 'name',
    },
  },
  states: { items: () => listStates(), options: { fields: ['_id', 'name', 'isoCode', 'countryCode'], ...NAME_SEARCH }, byCountry: true },
  cities: { items: () => listCities(), options: { fields: ['_id', 'name', 'countryCode', 'stateCode'], ...NAME_SEARCH }, byCountry: true },
  currencies: {
    items: () => listCurrencies(),
    options: { fields: ['_id', 'code', 'name', 'symbol'], keywordFields: ['name', 'code'], defaultSort: 'name' },
  },
  timezones: {
    items: (now) => listTimezones(now),
    options: { fields: ['_id', 'name', 'offset', 'offsetMinutes', 'label'], keywordFields: ['name', 'offset'], defaultSort: 'name' },
  },
  languages: {
    items: () => listLanguages(),
    options: { fields: ['_id', 'code', 'name', 'nativeName'], keywordFields: ['name', 'nativeName', 'code'], defaultSort: 'name' },
  },
};

export function listGeo(clock: Clock, lookup: GeoLookup, request: GeoRequest): { data: GeoRow[]; meta: PaginatorMeta } {
  const source = SOURCES[lookup];
  let items = source.items(clock.now());
  if (source.byCountry && request.country) {
    // An unknown country has no states or cities rather than being an error: the select just shows none.
    const code = findCountry(request.country)?.isoCode;
    items = items.filter((item) => item.countryCode === code);
  }
  return listStatic(items, parseListFilter(request.filter), source.options, request.keyword);
}

/** GET /static-dictionaries/property-types and property-amenities: the domain's fixed lists, in their order. */
export const STATIC_DICTIONARIES = {
  'property-types': UNIT_TYPES,
  'property-amenities': AMENITIES,
} as const;
export type StaticDictionary = keyof typeof STATIC_DICTIONARIES;

export function staticDictionary(name: StaticDictionary): string[] {
  return [...STATIC_DICTIONARIES[name]];
}
