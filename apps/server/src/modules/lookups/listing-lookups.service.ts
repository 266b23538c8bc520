import {
  AMENITIES,
  DEFAULT_LOCATION_CITY,
  LIST_PAGING,
  UAE_COUNTRY,
  UNIT_TYPES,
  findCountry,
  type ListingLookupInput,
  type LocationOption,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { planQuery } from '../../resources/query-plan.js';
import { accessIn } from '../../resources/resource-access.js';
import { delegateOf, type ResourceDelegate } from '../../resources/resource-delegate.js';
import type { Where } from '../../resources/resource.types.js';
import { listingResource } from '../listings/index.js';
import { communitiesOf, loadPlaces, subCommunitiesOf, type CompanyPlaces } from './places.service.js';

// GET /properties/listings/{lookup} (docs/api.md 'Other calls'): the values the lead form offers, from the asset's
// listings (narrowed by the filter's `query` and the city/location params) merged with the static lists and the
// company's places (a city's communities are its locations, a community's sub-communities its sub-locations), so a
// new asset's form still has property types, cities and Dubai's communities. Same read permission as listings
// (lookup.calls.ts admits the caller).

const SEARCH_LOCATIONS_LIMIT = 50;
const insensitive = (value: string) => ({ equals: value, mode: 'insensitive' });

/** Unique case-insensitively (the first spelling wins), sorted by name. */
function mergeNames(...lists: readonly (readonly (string | null | undefined)[])[]): string[] {
  const seen = new Map<string, string>();
  for (const list of lists) {
    for (const raw of list) {
      const name = raw?.trim();
      if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    }
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

export async function listingLookup(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  asset: string,
  request: ListingLookupInput,
): Promise<(string | number | LocationOption)[]> {
  const { lookup } = request;
  const base = planQuery(listingResource, request.filter ?? {}, accessIn(actor, asset)).where;
  const listings = delegateOf(deps.db, listingResource.model);
  const where = (...extra: Where[]): Where => ({ AND: [base, ...extra] });
  const distinct = async (column: string, ...extra: Where[]): Promise<string[]> => {
    const rows = await listings.groupBy({
      by: [column],
      where: where({ [column]: { not: null } }, ...extra),
      orderBy: { [column]: 'asc' },
      take: LIST_PAGING.ALL_MAX_ROWS,
    });
    return rows.map((row) => row[column]).filter((v): v is string => typeof v === 'string');
  };
  const city = request.city || undefined;
  const byCity = city ? [{ city: insensitive(city) }] : [];
  const byLocation = request.location ? [{ location: insensitive(request.location) }] : [];
  const places = () => loadPlaces(deps.db, actor.companyId);

  switch (lookup) {
    case 'property-types':
      return mergeNames(UNIT_TYPES, await distinct('unitType'));
    case 'bedrooms': {
      const rows = await listings.groupBy({ by: ['bedrooms'], where: where({ bedrooms: { not: null } }), orderBy: { bedrooms: 'asc' } });
      return rows.map((row) => row.bedrooms).filter((n): n is number => typeof n === 'number');
    }
    case 'countries':
      return mergeNames([UAE_COUNTRY.name], await distinct('country'));
    case 'cities': {
      const country = request.country ? (findCountry(request.country)?.name ?? request.country) : undefined;
      const isUae = !country || country.toLowerCase() === UAE_COUNTRY.name.toLowerCase();
      return mergeNames(
        isUae ? (await places()).cities.map((c) => c.name) : [],
        await distinct('city', ...(country ? [{ country: insensitive(country) }] : [])),
      );
    }
    case 'communities': {
      const location = request.location?.toLowerCase();
      const communities = communitiesOf(await places(), city).filter((c) => !location || c.name.toLowerCase() === location);
      return mergeNames(
        communities.map((c) => c.name),
        await distinct('community', ...byCity, ...byLocation),
      );
    }
    case 'locations': {
      // The lead form loads locations by city text, initially 'dubai'.
      const target = city ?? DEFAULT_LOCATION_CITY;
      return mergeNames(
        communitiesOf(await places(), target).map((c) => c.name),
        await distinct('location', { city: insensitive(target) }),
      );
    }
    case 'sub-locations':
      return mergeNames(
        subCommunitiesOf(await places(), city, request.location).map((s) => s.name),
        await distinct('subLocation', ...byCity, ...byLocation),
      );
    case 'search-locations':
      return searchLocations(listings, where, await places(), city, request.keyword);
    case 'amenities':
    case 'tags':
      return arrayValues(listings, where, lookup);
    case 'amenities-static':
      return [...AMENITIES];
  }
}

/** The names used in the asset's listings' amenities or tags (the tag picker offers the ones already in use). */
async function arrayValues(
  listings: ResourceDelegate,
  where: (...extra: Where[]) => Where,
  column: 'amenities' | 'tags',
): Promise<string[]> {
  const rows = await listings.findMany({
    where: where({ [column]: { isEmpty: false } }),
    select: { [column]: true },
    take: LIST_PAGING.ALL_MAX_ROWS,
  });
  return mergeNames(rows.flatMap((row) => (Array.isArray(row[column]) ? row[column].map(String) : [])));
}

/** Locations and sub-locations whose name holds the keyword: the asset's listings first, then the company's places. */
async function searchLocations(
  listings: ResourceDelegate,
  where: (...extra: Where[]) => Where,
  places: CompanyPlaces,
  city: string | undefined,
  keyword: string | undefined,
): Promise<LocationOption[]> {
  const text = keyword?.trim().toLowerCase() ?? '';
  const contains = text
    ? [{ OR: [{ location: { contains: text, mode: 'insensitive' } }, { subLocation: { contains: text, mode: 'insensitive' } }] }]
    : [];
  const rows = await listings.groupBy({
    by: ['city', 'location', 'subLocation'],
    where: where({ location: { not: null } }, ...(city ? [{ city: insensitive(city) }] : []), ...contains),
    orderBy: [{ location: 'asc' }, { subLocation: 'asc' }],
    take: LIST_PAGING.ALL_MAX_ROWS,
  });
  const found = new Map<string, LocationOption>();
  const add = (cityName: string | null, location: string, subLocation: string | null) => {
    const option: LocationOption = subLocation
      ? { label: `${subLocation}, ${location}`, value: subLocation, kind: 'subLocation', city: cityName, location, subLocation }
      : { label: location, value: location, kind: 'location', city: cityName, location, subLocation: null };
    const key = `${option.kind}:${option.label.toLowerCase()}`;
    if (!found.has(key) && (!text || option.label.toLowerCase().includes(text))) found.set(key, option);
  };
  const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
  for (const row of rows) {
    const location = textOf(row.location);
    if (!location) continue;
    const subLocation = textOf(row.subLocation);
    add(textOf(row.city), location, null);
    if (subLocation) add(textOf(row.city), location, subLocation);
  }
  for (const community of communitiesOf(places, city)) add(community.city, community.name, null);
  for (const sub of subCommunitiesOf(places, city, undefined)) add(sub.city, sub.community, sub.name);
  return [...found.values()]
    .sort((a, b) => (a.kind === b.kind ? a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) : a.kind === 'location' ? -1 : 1))
    .slice(0, SEARCH_LOCATIONS_LIMIT);
}
