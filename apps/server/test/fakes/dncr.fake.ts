import { startFakeProvider, type FakeProvider } from './fake-http.js';

// The Do Not Call Registry as our client expects it (integrations/dncr-client.ts): GET /v1/numbers/{digits} with
// `x-api-key`, answering { listed } from the test's list.

export const DNCR_FAKE_KEY = 'dncr-key-0123456789';

export function startDncrFake(listed: Set<string>): Promise<FakeProvider> {
  return startFakeProvider((request) => {
    if (request.headers['x-api-key'] !== DNCR_FAKE_KEY) return { status: 401, json: { error: 'unauthorized' } };
    const digits = /^\/v1\/numbers\/(\d+)$/.exec(request.path)?.[1];
    if (!digits) return { status: 400, json: { error: 'bad number' } };
    return { status: 200, json: { number: digits, listed: listed.has(digits) } };
  });
}
