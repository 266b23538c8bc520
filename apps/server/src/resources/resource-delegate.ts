import type { DbTx } from '../db/prisma.js';
import type { ModelKey, Row } from './resource.types.js';

// The slice of a Prisma model delegate the engine uses. Resource configs name the delegate ('customer'); the
// engine builds its arguments from the whitelist, so the loose argument type is checked there instead.
export interface ResourceDelegate {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  groupBy(args: object): Promise<Row[]>;
  create(args: object): Promise<Row>;
  update(args: object): Promise<Row>;
  delete(args: object): Promise<Row>;
}

export function delegateOf(db: DbTx, model: ModelKey): ResourceDelegate {
  return db[model] as unknown as ResourceDelegate;
}
