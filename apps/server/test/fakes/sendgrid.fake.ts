import { startFakeProvider } from './fake-http.js';

// SendGrid's Web API v3 host, as far as the connection test goes: GET /v3/scopes with the known Bearer key answers
// its scopes, any other key 401 with SendGrid's error shape.
export const SENDGRID_FAKE_KEY = 'SG.fake-key.0123456789abcdef';

export function startSendGridFake(apiKey = SENDGRID_FAKE_KEY) {
  return startFakeProvider((request) => {
    if (request.method !== 'GET' || request.path !== '/v3/scopes') return { status: 404, json: { errors: [{ message: 'not found' }] } };
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { errors: [{ field: null, message: 'authorization required' }] } };
    }
    return { status: 200, json: { scopes: ['mail.send', 'marketing.read'] } };
  });
}
