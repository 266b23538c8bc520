import { ALL_ROWS_LIMIT, DEFAULT_LOCATION_CITY } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../app/trpc';

// The form's lookups (docs/api.md 'Other calls') through tRPC `lookups`: countries (with phone
// codes), the cities of a country and the locations of a city. Lookup failures are silent:
// the list is just empty.

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

/** The cities offered for a country (the asset's listings merged with the curated list). */
export function useCities(country: string | null | undefined) {
  const query = trpc.lookups.listing.useQuery({ lookup: 'cities', country: country || undefined }, LOOKUP_QUERY);
  const cities = useMemo(() => stringsOf(query.data?.data), [query.data]);
  return { cities, loading: query.isLoading };
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
