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
}

export interface FakeProvider {
  url: string;
  requests: RecordedRequest[];
  /** The next answers, whatever the request: a status, or 'hang' (never answers). */
  failNext(...answers: (number | 'hang')[]): void;
  close(): Promise<void>;
}

export async function startFakeProvider(answer: (request: RecordedRequest) => FakeAnswer): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const failures: (number | 'hang')[] = [];
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
      const { status, json } = failure === undefined ? answer(request) : { status: failure, json: { error: 'failure on demand' } };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json ?? {}));
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
