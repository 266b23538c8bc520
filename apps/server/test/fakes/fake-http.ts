import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A provider's host for offline tests (docs/api.md 'Integrations'): node:http on 127.0.0.1:0, every request
// recorded, answers from the provider's fake, and failures on demand (a status such as 429 or 500, or a hang).

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status: number;
  json?: object;
  /** A body that is not JSON (an XML service), sent as `contentType`. */
  text?: string;
  /** Raw bytes (a picture), sent as `contentType`. */
  bytes?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A failure on demand: a status, a whole answer (a 429 with Retry-After), or 'hang' (never answers). */
export type FakeFailure = number | 'hang' | FakeAnswer;

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** The next answers, whatever the request: a status, an answer, or 'hang' (never answers). */
  failNext(...answers: FakeFailure[]): void;
  close(): Promise<void>;
}

export async function startFakeProvider(answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const failure = failures.shift();
      if (failure === 'hang') {
        hanging.add(res);
        return;
      }
      const replied: FakeAnswer | Promise<FakeAnswer> =
        failure === undefined
          ? answer(request)
          : typeof failure === 'number'
            ? { status: failure, json: { error: 'failure on demand' } }
            : failure;
      void Promise.resolve(replied).then((reply) => {
        const raw = reply.text === undefined && reply.bytes === undefined;
        const contentType = raw ? 'application/json' : (reply.contentType ?? 'text/xml; charset=utf-8');
        res
          .writeHead(reply.status, { 'content-type': contentType, ...reply.headers })
          .end(reply.bytes ?? reply.text ?? JSON.stringify(reply.json ?? {}));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...answers) => failures.push(...answers),
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const jsonBody = (request: RecordedRequest): Record<string, unknown> => {
  try {
    return JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return {};
  }
};
