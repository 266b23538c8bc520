import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

// Ids the server writes itself (bulk inserts), made like schema.prisma's @default(uuid(7)): time-ordered, so
// new rows land at one edge of the indexes. The random bits come from a pool filled a few thousand bytes at a
// time: uuid draws 16 bytes from WebCrypto per id otherwise, a measurable share of a lead batch's CPU.

const pool = Buffer.alloc(16 * 512);
let offset = pool.length;

export function timeOrderedId(): string {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.subarray(offset, offset + 16);
  offset += 16;
  return v7({ random });
}
