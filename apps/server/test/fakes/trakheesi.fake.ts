import { startFakeProvider, type FakeProvider } from './fake-http.js';

// Trakheesi's permit check as our client expects it (integrations/trakheesi-client.ts): GET /v1/permits/{permit}
// with HTTP Basic credentials; the permits it knows are the test's, any other is 404.

export const TRAKHEESI_FAKE_CREDENTIALS = { clientId: 'dld-client-0001', clientSecret: 'dld-secret-000000001' };

export interface FakePermit {
  status: 'valid' | 'invalid' | 'expired';
  expiresAt: string | null;
}

export function startTrakheesiFake(permits: Map<string, FakePermit>): Promise<FakeProvider> {
  const basic = `Basic ${Buffer.from(`${TRAKHEESI_FAKE_CREDENTIALS.clientId}:${TRAKHEESI_FAKE_CREDENTIALS.clientSecret}`).toString('base64')}`;
  return startFakeProvider((request) => {
    if (request.headers.authorization !== basic) return { status: 401, json: { error: 'unauthorized' } };
    const match = /^\/v1\/permits\/([^/?]+)/.exec(request.path);
    const permit = match ? permits.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!permit) return { status: 404, json: { error: 'permit not found' } };
    return { status: 200, json: { permitNumber: match?.[1], ...permit } };
  });
}
