import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** The client or an interactive transaction, for services that run inside either. */
export type DbTx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const pools = new WeakMap<object, pg.Pool>();

export function createDb(databaseUrl: string, options: { max?: number } = {}): Db {
  // Our own pool, handed to Prisma (which ends it on $disconnect), so the few hot reads below can use it too.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool under a client made by createDb (undefined for a transaction or another client). For the hot
 * bulk reads whose rows Prisma would map one by one (raw pg is 2-3x faster and makes less garbage);
 * everything else goes through Prisma.
 */
export function sqlPoolOf(db: DbTx): pg.Pool | undefined {
  return pools.get(db);
}
