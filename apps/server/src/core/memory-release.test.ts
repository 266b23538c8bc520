import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseAfterBulkWork, streamedBytesCounter } from './memory-release.js';

// The counter passes every byte through untouched and asks V8 for a young-generation collection every 16 MB streamed
// (over all streams of the process); without --expose-gc (as here, until a gc is put in place) it does nothing else.

const MB = 1024 * 1024;
const holder = globalThis as { gc?: unknown };
const exposed = holder.gc;
afterEach(() => {
  holder.gc = exposed;
});

async function stream(megabytes: number): Promise<number> {
  let received = 0;
  await pipeline(
    Readable.from(Array.from({ length: megabytes }, () => Buffer.alloc(MB, 7))),
    streamedBytesCounter(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done();
      },
    }),
  );
  return received;
}

describe('streamed bytes', () => {
  it('pass through whole, with no gc exposed', async () => {
    holder.gc = undefined;
    expect(await stream(48)).toBe(48 * MB);
  });

  it('start a young-generation collection every 16 MB, counted across streams', async () => {
    const calls: unknown[] = [];
    holder.gc = (options: unknown) => calls.push(options);
    // The count is the process's: other tests of this worker may have streamed. A megabyte at a time up to the next
    // collection brings it back to a whole 16 MB.
    for (let i = 0; i < 16 && !calls.length; i += 1) await stream(1);
    expect(calls).toHaveLength(1);
    calls.length = 0;
    await stream(40);
    expect(calls).toEqual([{ type: 'minor' }, { type: 'minor' }]);
    // 8 MB left over from the first stream: the next 8 MB of another stream make the third 16.
    await stream(8);
    expect(calls).toHaveLength(3);
  });

  it('end bulk work with a memory-reducing full collection', () => {
    const calls: unknown[] = [];
    holder.gc = (options: unknown) => calls.push(options);
    releaseAfterBulkWork();
    expect(calls).toEqual([{ type: 'major', flavor: 'last-resort' }]);
    holder.gc = undefined;
    expect(() => releaseAfterBulkWork()).not.toThrow();
  });
});
