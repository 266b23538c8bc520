import type { Db, DbTx } from '../../db/prisma.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { PLACE_SEED_VERSION, UAE_PLACES_SEED } from './uae-places.seed.js';

// Gives a company the repo's UAE places once per seed version: when the company is created (registration, the demo
// seed), at the server's start, and on a lookup of a company that has not had this version yet. Only the names it
// does not have are added (deleted ones count as had, so an admin's removal sticks), under a per-company lock so two
// first requests at once seed once.

interface PlaceRow {
  id: string;
  companyId: string;
  kind: string;
  name: string;
  code: string | null;
  parentId: string | null;
}

export async function ensurePlaces(db: Db, companyId: string): Promise<void> {
  const seed = await db.placeSeed.findUnique({ where: { companyId }, select: { version: true } });
  if (!seed || seed.version < PLACE_SEED_VERSION) await db.$transaction((tx) => seedPlaces(tx, companyId));
}

/** Inside the caller's transaction (the one that creates the company). */
export async function seedPlaces(tx: DbTx, companyId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`places-seed:${companyId}`}))`;
  const seed = await tx.placeSeed.findUnique({ where: { companyId }, select: { version: true } });
  if (seed && seed.version >= PLACE_SEED_VERSION) return;
  const existing = await tx.place.findMany({ where: { companyId }, select: { id: true, kind: true, name: true, parentId: true } });
  const keyOf = (kind: string, name: string, parentId: string | null) => `${kind}|${parentId ?? ''}|${name.toLowerCase()}`;
  const ids = new Map(existing.map((p) => [keyOf(p.kind, p.name, p.parentId), p.id]));
  const rows: PlaceRow[] = [];
  /** The place's id: the one the company has, else a new row. */
  const place = (kind: string, name: string, parentId: string | null, code: string | null = null): string => {
    const key = keyOf(kind, name, parentId);
    const found = ids.get(key);
    if (found) return found;
    const id = timeOrderedId();
    ids.set(key, id);
    rows.push({ id, companyId, kind, name, code, parentId });
    return id;
  };
  for (const emirate of UAE_PLACES_SEED) {
    const emirateId = place('emirate', emirate.name, null, emirate.code);
    for (const city of emirate.cities) {
      const cityId = place('city', city.name, emirateId);
      for (const community of city.communities ?? []) {
        const communityId = place('community', community.name, cityId);
        for (const sub of community.subCommunities ?? []) place('subCommunity', sub, communityId);
      }
    }
  }
  // Parents come before their children in `rows`, so one ordered insert keeps the foreign key.
  if (rows.length) await tx.place.createMany({ data: rows });
  await tx.placeSeed.upsert({
    where: { companyId },
    create: { companyId, version: PLACE_SEED_VERSION },
    update: { version: PLACE_SEED_VERSION, seededAt: new Date() },
  });
}
