import DataLoader from 'dataloader';
import { sqlPoolOf, type DbTx } from '../../db/prisma.js';

// Every authenticated request starts here: the session, its user, the user's role, their own assets (by name,
// the profile's fallback order) and their company's assets (for super access), in one round trip. Through
// Prisma this took five queries in a row, the largest fixed cost of a list call.
//
// The requests that arrive in one turn of the event loop share that round trip (DataLoader, no cache): each is
// still answered from a read made after it arrived, so a revoked session or a disabled user is refused at once,
// and a burst of calls costs the database one query instead of one per call.

export interface SessionActorRow {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  companyId: string;
  email: string;
  fullName: string;
  enabled: boolean;
  tokenVersion: number;
  isRootUser: boolean;
  activeAssetId: string | null;
  roleCode: string;
  permissions: string[];
  ownAssetIds: string[];
  companyAssetIds: string[];
}

// Timestamps are stored without zone in UTC: read as epoch milliseconds, whatever the process's zone.
const SESSION_ACTOR_SQL = `
  SELECT s.id AS "sessionId", s."userId", (extract(epoch from s."expiresAt") * 1000)::float8 AS "expiresAt",
         (extract(epoch from s."revokedAt") * 1000)::float8 AS "revokedAt",
         u."companyId", u.email, u."fullName", u.enabled, u."tokenVersion", u."isRootUser", u."activeAssetId",
         r.code AS "roleCode", r.permissions,
         ARRAY(SELECT ua."assetId"::text FROM "UserAsset" ua JOIN "Asset" a ON a.id = ua."assetId"
               WHERE ua."userId" = u.id AND a."disabledAt" IS NULL ORDER BY a.name, a.id) AS "ownAssetIds",
         ARRAY(SELECT a.id::text FROM "Asset" a WHERE a."companyId" = u."companyId" AND a."disabledAt" IS NULL
               ORDER BY a.name, a.id) AS "companyAssetIds"
  FROM "AuthSession" s
  JOIN "User" u ON u.id = s."userId"
  JOIN "Role" r ON r.id = u."roleId"
  WHERE s.id = ANY($1::uuid[])`;

type RawRow = Omit<SessionActorRow, 'expiresAt' | 'revokedAt'> & { expiresAt: number; revokedAt: number | null };

const loaders = new WeakMap<object, DataLoader<string, SessionActorRow | null>>();

/** The session `sessionId` with what resolveActor checks and returns, or null when there is none. */
export function loadSessionActor(db: DbTx, sessionId: string): Promise<SessionActorRow | null> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader((ids) => readSessionActors(db, ids), {
      cache: false,
      maxBatchSize: 200,
      batchScheduleFn: (run) => setImmediate(run),
    });
    loaders.set(db, loader);
  }
  return loader.load(sessionId);
}

async function readSessionActors(db: DbTx, sessionIds: readonly string[]): Promise<(SessionActorRow | null)[]> {
  const ids = [...sessionIds];
  const pool = sqlPoolOf(db);
  const rows = pool
    ? (await pool.query<RawRow>(SESSION_ACTOR_SQL, [ids])).rows
    : await db.$queryRawUnsafe<RawRow[]>(SESSION_ACTOR_SQL, ids);
  const byId = new Map(rows.map((row) => [row.sessionId, row]));
  return ids.map((id) => {
    const row = byId.get(id.toLowerCase());
    return row ? { ...row, expiresAt: new Date(row.expiresAt), revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt) } : null;
  });
}
