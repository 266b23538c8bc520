import { jsonBody, startFakeProvider } from './fake-http.js';

// Property Finder's Enterprise API host, as far as the connection test goes: POST /v1/auth/token answers a JWT for
// the one key and secret it knows, 401 otherwise (the documented shapes).
export const PROPERTY_FINDER_FAKE_CREDENTIALS = { apiKey: 'pf-key-0123456789', apiSecret: 'pf-secret-0123456789' };

export function startPropertyFinderFake(credentials = PROPERTY_FINDER_FAKE_CREDENTIALS) {
  return startFakeProvider((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/auth/token') return { status: 404, json: { message: 'Not found' } };
    const body = jsonBody(request);
    if (body.apiKey === credentials.apiKey && body.apiSecret === credentials.apiSecret) {
      return { status: 200, json: { accessToken: 'eyJhbGciOiJIUzI1NiJ9.fake.token', expiresIn: 1800 } };
    }
    return { status: 401, json: { message: 'Invalid credentials' } };
  });
}
