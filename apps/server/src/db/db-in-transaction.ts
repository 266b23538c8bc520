import type { Db, DbTx } from './prisma.js';

/**
 * A client whose every query, and every `$transaction` the services open, runs in the enclosing transaction `tx`:
 * services written for a client run unchanged inside one larger transaction (the demo seed, under its advisory
 * lock, all or nothing). A service's own transaction is then part of the outer one: its "commit" commits nothing.
 */
export function dbInTransaction(tx: DbTx): Db {
  const transaction = (work: unknown) =>
    typeof work === 'function' ? (work as (inner: DbTx) => Promise<unknown>)(tx) : Promise.all(work as Promise<unknown>[]);
  return new Proxy(tx, {
    get: (target, key, receiver) => (key === '$transaction' ? transaction : Reflect.get(target, key, receiver)),
  }) as unknown as Db;
}
