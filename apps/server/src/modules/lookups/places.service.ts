import type { Db } from '../../db/prisma.js';
import { ensurePlaces } from './place-seed.service.js';

// The company's places as the lookups read them: cities, the communities of a city, the sub-communities of a
// community, each with the names of the places above it. A place whose parent was deleted is left out with it.

export interface CityPlace {
  name: string;
  emirate: string | null;
}
export interface CommunityPlace {
  name: string;
  city: string;
}
export interface SubCommunityPlace {
  name: string;
  community: string;
  city: string;
}
export interface CompanyPlaces {
  cities: CityPlace[];
  communities: CommunityPlace[];
  subCommunities: SubCommunityPlace[];
}

export async function loadPlaces(db: Db, companyId: string): Promise<CompanyPlaces> {
  await ensurePlaces(db, companyId);
  const rows = await db.place.findMany({
    where: { companyId, deletedAt: null },
    select: { id: true, kind: true, name: true, parentId: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parentOf = (row: { parentId: string | null }, kind: string) => {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    return parent?.kind === kind ? parent : undefined;
  };
  const places: CompanyPlaces = { cities: [], communities: [], subCommunities: [] };
  for (const row of rows) {
    if (row.kind === 'city') places.cities.push({ name: row.name, emirate: parentOf(row, 'emirate')?.name ?? null });
    if (row.kind === 'community') {
      const city = parentOf(row, 'city');
      if (city) places.communities.push({ name: row.name, city: city.name });
    }
    if (row.kind === 'subCommunity') {
      const community = parentOf(row, 'community');
      const city = community && parentOf(community, 'city');
      if (community && city) places.subCommunities.push({ name: row.name, community: community.name, city: city.name });
    }
  }
  return places;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The communities of a city (every city's when none is named). */
export function communitiesOf(places: CompanyPlaces, city: string | undefined): CommunityPlace[] {
  return city ? places.communities.filter((c) => same(c.city, city)) : places.communities;
}

/** The sub-communities of a city and of a community (each optional). */
export function subCommunitiesOf(places: CompanyPlaces, city: string | undefined, community: string | undefined): SubCommunityPlace[] {
  return places.subCommunities.filter((s) => (!city || same(s.city, city)) && (!community || same(s.community, community)));
}
