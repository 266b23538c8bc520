import { Transform } from 'node:stream';

// What the server hands back to the system after work that moves a lot of bytes (docs/scaling.md 'Memory'): the
// Buffers of streamed answers as they go, and the garbage of bulk work (start-up, an import, an export, a feed build)
// once it ends.
//
// Bytes the server streams out (a file served from storage, an export download, a feed) leave in Buffers whose
// memory V8 frees only when it collects their small JavaScript handles. Sending a file makes too little JavaScript
// garbage to start a collection, so finished Buffers pile up to V8's external-memory limit (~64 MB) before one
// runs: measured, serving a 173 MB export file took the server from 297 to 335 MB; with a young-generation
// collection every RELEASE_EVERY_BYTES sent (about a millisecond each), from 295 to 309 MB. Only answers are
// counted: work that builds what it streams (a feed's pages, an export's rows) makes garbage enough to collect on
// its own, and extra collections there promote its live pages to the old generation (a feed build's peak rose by
// ~35 MB). It needs node's --expose-gc (bin/serve.sh starts the server with it); without it nothing happens.

const RELEASE_EVERY_BYTES = 16 * 1024 * 1024;

type CollectGarbage = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

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

/**
 * After a large piece of work (an import, an export job, a feed build): one full collection, so the old generation
 * it filled with garbage is handed back now rather than kept resident until the next work grows it again. Measured
 * (npm run bench): a second 10,000-row import started at 292 MB where the first had started at 224 MB. Tens of
 * milliseconds after a job of seconds; a no-op without --expose-gc.
 */
export function releaseAfterBulkWork(): void {
  // 'last-resort': V8's memory-reducing collection, which also gives back its emptied pages and shrinks the young
  // generation (a regular one keeps them committed: RSS unchanged).
  (globalThis as { gc?: CollectGarbage }).gc?.({ type: 'major', flavor: 'last-resort' });
}
