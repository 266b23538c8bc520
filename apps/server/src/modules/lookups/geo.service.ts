import {
  AMENITIES,
  UNIT_TYPES,
  UAE_COUNTRY,
  findCountry,
  listCountries,
  listCurrencies,
  listLanguages,
  listTimezones,
  type GeoLookup,
  type GeoLookupInput,
  type GeoRow,
  type PaginatorMeta,
  type StaticDictionary,
} from '@crm/domain';
import type { Clock } from '../../core/deps.js';
import { countryRegions } from './country-regions.js';
import { listStatic, type StaticListOptions } from './static-list.js';

// GET /geo/* (docs/api.md 'Other calls'): static lists from packages/domain and a country's states and cities from
// the data package (no table, no network), answered as lists with the usual filter (`limit: -1` for all), sorted
// by name.

const NAME_SEARCH = { keywordFields: ['name'], defaultSort: 'name' } as const;

type Items = (now: Date, country: string) => readonly GeoRow[] | Promise<readonly GeoRow[]>;

/** Each lookup's items, as rows of any geo lookup (GeoRowSchema: the fields of them all, optional). */
const SOURCES: Record<GeoLookup, { items: Items; options: StaticListOptions }> = {
  countries: {
    items: () => listCountries(),
    options: {
      fields: ['_id', 'name', 'isoCode', 'phoneCode', 'flag'],
      keywordFields: ['name', 'isoCode', 'phoneCode'],
      defaultSort: 'name',
    },
  },
  states: {
    items: async (_now, country) => (await countryRegions(country)).states,
    options: { fields: ['_id', 'name', 'isoCode', 'countryCode'], ...NAME_SEARCH },
  },
  cities: {
    items: async (_now, country) => (await countryRegions(country)).cities,
    options: { fields: ['_id', 'name', 'countryCode', 'stateCode'], ...NAME_SEARCH },
  },
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

/** One lookup's page, the filter already read by either door (its fields are checked here: the list's own). */
export async function listGeo(clock: Clock, input: GeoLookupInput): Promise<{ data: GeoRow[]; meta: PaginatorMeta }> {
  const source = SOURCES[input.lookup];
  // An unknown country has no states or cities rather than being an error: the select just shows none.
  const country = input.country ? findCountry(input.country)?.isoCode : UAE_COUNTRY.isoCode;
  const items = country ? await source.items(clock.now(), country) : [];
  return listStatic(items, input.filter ?? {}, source.options, input.keyword);
}

/** GET /static-dictionaries/property-types and property-amenities: the domain's fixed lists, in their order. */
const DICTIONARY_VALUES: Record<StaticDictionary, readonly string[]> = {
  'property-types': UNIT_TYPES,
  'property-amenities': AMENITIES,
};

export function staticDictionary(name: StaticDictionary): string[] {
  return [...DICTIONARY_VALUES[name]];
}
