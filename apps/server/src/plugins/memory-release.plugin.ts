import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { releaseAfterBulkWork, streamedBytesCounter } from '../core/memory-release.js';

// Every answer sent as a stream (a stored file, an export download, a listing feed) passes a counter that lets
// the server free the Buffers it has sent as it goes (core/memory-release.ts), whatever the route; a large one
// (an export of many rows) hands its garbage back once it is sent, as a bulk job does.

/** An answer this large is bulk work (a 100,000-row CSV export is ~17 MB). */
const BULK_ANSWER_BYTES = 16 * 1024 * 1024;

export async function memoryReleasePlugin(app: FastifyInstance) {
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (!(payload instanceof Readable)) return payload;
    let sent = 0;
    // pipeline: an error on either side ends both (a closed download stops the source).
    return pipeline(
      payload,
      streamedBytesCounter((bytes) => {
        sent += bytes;
      }),
      () => {
        if (sent >= BULK_ANSWER_BYTES) releaseAfterBulkWork();
      },
    );
  });
}
