import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { streamedBytesCounter } from '../core/streamed-memory.js';

// Every answer sent as a stream (a stored file, an export download, a listing feed) passes a counter that lets
// the server free the Buffers it has sent as it goes (core/streamed-memory.ts), whatever the route.

export async function streamedMemoryPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (!(payload instanceof Readable)) return payload;
    // pipeline: an error on either side ends both (a closed download stops the source).
    return pipeline(payload, streamedBytesCounter(), () => undefined);
  });
}
