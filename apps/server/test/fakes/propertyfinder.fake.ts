import { jsonBody, startFakeProvider } from './fake-http.js';

// Property Finder's Enterprise API host: POST /v1/auth/token answers a JWT for the one key and secret it knows, 401
// otherwise (the documented shapes); POST /v1/listings with that token takes a listing (listing pushes).
export const PROPERTY_FINDER_FAKE_CREDENTIALS = { apiKey: 'pf-key-0123456789', apiSecret: 'pf-secret-0123456789' };

const FAKE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.fake.token';

export function startPropertyFinderFake(credentials = PROPERTY_FINDER_FAKE_CREDENTIALS) {
  return startFakeProvider((request) => {
    if (request.method === 'POST' && request.path === '/v1/listings') {
      if (request.headers.authorization !== `Bearer ${FAKE_TOKEN}`) return { status: 401, json: { message: 'Invalid token' } };
      return { status: 201, json: { id: `pf-${String(jsonBody(request).reference)}` } };
    }
    if (request.method !== 'POST' || request.path !== '/v1/auth/token') return { status: 404, json: { message: 'Not found' } };
    const body = jsonBody(request);
    if (body.apiKey === credentials.apiKey && body.apiSecret === credentials.apiSecret) {
      return { status: 200, json: { accessToken: FAKE_TOKEN, expiresIn: 1800 } };
    }
    return { status: 401, json: { message: 'Invalid credentials' } };
  });
}
