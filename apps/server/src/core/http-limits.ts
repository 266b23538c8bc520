import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { toEnvelope } from './error-envelope.js';

// What the HTTP layer allows a client, and how it answers one that goes beyond: always the error envelope.

/** Node's own limit on a request's head (request line and headers); a longer URL cannot arrive at all. */
export const MAX_HEADER_BYTES = 16_384;
/** Below the header limit, so a URL too long is answered 414 by us rather than 431 by Node. */
export const MAX_URL_LENGTH = 12_288;

/**
 * Timeouts, so a slow or idle client cannot hold a connection forever: the whole request must arrive within
 * `requestTimeout`, its headers within `headersTimeout`, and an idle keep-alive socket closes after `keepAliveTimeout`.
 */
export const HTTP_TIMEOUTS = { connectionTimeout: 0, requestTimeout: 30_000, keepAliveTimeout: 5_000 } as const;
const HEADERS_TIMEOUT_MS = 10_000;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * A request Node's parser refused before Fastify saw it (headers too large, a malformed request line): answered in
 * the envelope on the raw socket, then closed.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const known =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'The request headers are too large.')
      : error.code === 'HPE_URI_TOO_LONG'
        ? new AppError('URI_TOO_LONG', 'The address is too long.')
        : AppError.validation({ _: ['Malformed request.'] }, 'Malformed request');
  const envelope = toEnvelope(known);
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${envelope.statusCode} ${STATUS_TEXT[envelope.statusCode] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's server options for the limits above. */
export const httpServerOptions = {
  ...HTTP_TIMEOUTS,
  http: { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: HEADERS_TIMEOUT_MS },
  clientErrorHandler,
} satisfies Partial<FastifyHttpOptions<Server>>;

/** The URL limit, and JSON bodies that may be empty (a DELETE sent with a JSON content type and no body). */
export function applyHttpLimits(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (req.url.length > MAX_URL_LENGTH) throw new AppError('URI_TOO_LONG', 'The address is too long.');
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return json(req, text, done);
  });
}
