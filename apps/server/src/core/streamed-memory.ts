import { Transform } from 'node:stream';

// Bytes the server streams out (a file served from storage, an export download, a feed) leave in Buffers whose
// memory V8 frees only when it collects their small JavaScript handles. Sending a file makes too little JavaScript
// garbage to start a collection, so finished Buffers pile up to V8's external-memory limit (~64 MB) before one
// runs: measured, serving a 173 MB export file took the server from 297 to 335 MB; with a young-generation
// collection every RELEASE_EVERY_BYTES sent (about a millisecond each), from 295 to 309 MB. Only answers are
// counted: work that builds what it streams (a feed's pages, an export's rows) makes garbage enough to collect on
// its own, and extra collections there promote its live pages to the old generation (a feed build's peak rose by
// ~35 MB). It needs node's --expose-gc (bin/serve.sh starts the server with it); without it nothing happens.

const RELEASE_EVERY_BYTES = 16 * 1024 * 1024;

type CollectGarbage = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

/** Bytes streamed since the last collection, over every stream of the process (they share one heap). */
let sinceRelease = 0;

/** Counts `bytes` streamed, and frees the finished Buffers once enough have passed. */
export function countStreamedBytes(bytes: number): void {
  sinceRelease += bytes;
  if (sinceRelease < RELEASE_EVERY_BYTES) return;
  sinceRelease = 0;
  (globalThis as { gc?: CollectGarbage }).gc?.({ type: 'minor' });
}

/** A pass-through that counts what flows through it (countStreamedBytes). */
export function streamedBytesCounter(onBytes?: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      countStreamedBytes(chunk.length);
      onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
}
