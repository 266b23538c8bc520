import { ALL_ROWS_LIMIT, DEBOUNCE_MS, DEFAULT_LOCATION_CITY, UAE_COUNTRY } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { useDebouncedValue } from '../list/useDebouncedValue';

// The forms' lookups (docs/api.md 'Other calls') through tRPC `lookups`, shared by the lead form, the listing editor
// and the project form: countries (with phone codes), the cities of a country (the UAE's from the company's places,
// any other country's from the countries package, searched by name, with the asset's listings' cities beside them)
// and the places of a city. Lookup failures are silent: the list is just empty.

export interface CountryOption {
  name: string;
  phoneCode: string;
}

const LOOKUP_STALE_MS = 60 * 60_000;
const LOOKUP_QUERY = { staleTime: LOOKUP_STALE_MS, retry: false } as const;

function stringsOf(data: unknown): string[] {
  return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
}

/** Every country with its dialling code, sorted by name. */
export function useCountries() {
  const query = trpc.lookups.geo.useQuery({ lookup: 'countries', filter: { limit: ALL_ROWS_LIMIT, sort: { name: 1 } } }, LOOKUP_QUERY);
  const countries = useMemo<CountryOption[]>(
    () =>
      (query.data?.data ?? []).flatMap(({ name, phoneCode }) =>
        typeof name === 'string' && name && typeof phoneCode === 'string' && phoneCode ? [{ name, phoneCode }] : [],
      ),
    [query.data],
  );
  return { countries, loading: query.isLoading };
}

/** Cities a country's search offers at once (the UAE's few are all offered). */
export const CITY_SEARCH_LIMIT = 100;

/** No country (a new record's) counts as the UAE, the product's home. */
export function isUaeCountry(country: string | null | undefined): boolean {
  const text = country?.trim().toLowerCase();
  return !text || text === UAE_COUNTRY.name.toLowerCase() || text === UAE_COUNTRY.isoCode.toLowerCase();
}

/** Names once each ignoring case (the first spelling wins), in the order given. */
function uniqueNames(...lists: readonly string[][]): string[] {
  const seen = new Map<string, string>();
  for (const name of lists.flat()) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

/**
 * The cities offered for a country: the UAE's are the company's places; another country's come from the countries
 * package (`/geo/cities`), the ones whose name holds the typed text (`onSearch`, debounced), after the cities the
 * asset's listings already use there. `onSearch` is absent for the UAE, whose list is short and complete.
 */
export function useCities(country: string | null | undefined) {
  const uae = isUaeCountry(country);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), DEBOUNCE_MS.SEARCH_INPUT);
  const used = trpc.lookups.listing.useQuery({ lookup: 'cities', country: country || undefined }, LOOKUP_QUERY);
  const world = trpc.lookups.geo.useQuery(
    {
      lookup: 'cities',
      country: country?.trim() || undefined,
      keyword: keyword.value || undefined,
      filter: { limit: CITY_SEARCH_LIMIT, sort: { name: 1 } },
    },
    { ...LOOKUP_QUERY, enabled: !uae, placeholderData: keepPreviousData },
  );
  const cities = useMemo(() => {
    const inUse = stringsOf(used.data?.data);
    if (uae) return inUse;
    const found = (world.data?.data ?? []).flatMap(({ name }) => (typeof name === 'string' && name ? [name] : []));
    const text = keyword.value.toLowerCase();
    return uniqueNames(
      inUse.filter((name) => name.toLowerCase().includes(text)),
      found,
    );
  }, [uae, used.data, world.data, keyword.value]);
  return { cities, loading: used.isLoading || (!uae && world.isFetching), onSearch: uae ? undefined : setTyped };
}

/** The locations of a city, by its text (initially 'dubai'). */
export function useLocations(city: string | null | undefined) {
  const cityText = city?.trim().toLowerCase() || DEFAULT_LOCATION_CITY;
  const query = trpc.lookups.listing.useQuery({ lookup: 'locations', city: cityText }, LOOKUP_QUERY);
  const locations = useMemo(() => stringsOf(query.data?.data), [query.data]);
  return { locations, loading: query.isLoading };
}

/** The communities of a city (the company's places merged with the asset's listings). */
export function useCommunities(city: string | null | undefined) {
  const cityText = city?.trim().toLowerCase() || DEFAULT_LOCATION_CITY;
  const query = trpc.lookups.listing.useQuery({ lookup: 'communities', city: cityText }, LOOKUP_QUERY);
  const communities = useMemo(() => stringsOf(query.data?.data), [query.data]);
  return { communities, loading: query.isLoading };
}

/** The sub-communities of a community (its sub-locations), in a city. */
export function useSubCommunities(city: string | null | undefined, community: string | null | undefined) {
  const cityText = city?.trim().toLowerCase() || DEFAULT_LOCATION_CITY;
  const location = community?.trim() || undefined;
  const query = trpc.lookups.listing.useQuery(
    { lookup: 'sub-locations', city: cityText, location },
    { ...LOOKUP_QUERY, enabled: !!location },
  );
  const subCommunities = useMemo(() => (location ? stringsOf(query.data?.data) : []), [query.data, location]);
  return { subCommunities, loading: query.isLoading };
}
