import { type FakeProvider, jsonBody, startFakeProvider } from './fake-http.js';
import { formBody } from './fake-jwt.js';

// Trustpilot's business API and Invitations API on one host: POST /v1/oauth/oauth-business-users-for-applications/
// accesstoken (client credentials, the API key and secret as HTTP Basic) answers a token (expires_in a string, as
// Trustpilot sends it); POST /v1/private/business-units/{id}/email-invitations (Bearer that token) takes an invitation.

export const TRUSTPILOT_FAKE_CREDENTIALS = { apiKey: 'tp-key-fake-0123456789', apiSecret: 'tp-secret-fake-0123456789' };
const ACCESS_TOKEN = 'tp-access-fake-token-0123456789';

export interface FakeInvitation {
  businessUnitId: string;
  body: Record<string, unknown>;
}

export type TrustpilotFake = FakeProvider & { invitations: FakeInvitation[] };

export async function startTrustpilotFake(credentials = TRUSTPILOT_FAKE_CREDENTIALS): Promise<TrustpilotFake> {
  const invitations: FakeInvitation[] = [];
  const basic = `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64')}`;
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/oauth/oauth-business-users-for-applications/accesstoken') {
      if (request.headers.authorization !== basic) return { status: 401, json: { fault: { faultstring: 'Invalid ApiKey' } } };
      if (formBody(request.body).grant_type !== 'client_credentials') return { status: 400, json: { error: 'unsupported_grant_type' } };
      return { status: 200, json: { access_token: ACCESS_TOKEN, expires_in: '359999', token_type: 'BearerToken' } };
    }
    const match = /^\/v1\/private\/business-units\/([^/]+)\/email-invitations$/.exec(url.pathname);
    if (request.method === 'POST' && match) {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, json: { message: 'Unauthorized' } };
      invitations.push({ businessUnitId: decodeURIComponent(match[1] ?? ''), body: jsonBody(request) });
      return { status: 202, json: {} };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
  return Object.assign(fake, { invitations });
}
