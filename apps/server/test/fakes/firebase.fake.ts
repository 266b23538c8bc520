import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt } from 'jose';
import { startFakeProvider } from './fake-http.js';

// Google's side of Firebase Cloud Messaging on one host: the service account's token_uri (POST /token, the JWT-bearer
// grant: an access token when the assertion names the account) and FCM HTTP v1 (POST
// /v1/projects/{project}/messages:send with that token). A registration token listed in `unregistered` answers 404
// UNREGISTERED like FCM.
export const FIREBASE_FAKE_PROJECT = 'crm-demo';
export const FIREBASE_FAKE_ACCESS_TOKEN = 'ya29.fake-access-token';
const CLIENT_EMAIL = 'crm@crm-demo.iam.gserviceaccount.com';

export function firebaseServiceAccount(tokenUri: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: FIREBASE_FAKE_PROJECT,
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: CLIENT_EMAIL,
    token_uri: tokenUri,
  });
}

export function startFirebaseFake(unregistered: Set<string> = new Set()) {
  return startFakeProvider((request) => {
    if (request.method === 'POST' && request.path === '/token') {
      const form = new URLSearchParams(request.body);
      const claims = (() => {
        try {
          return decodeJwt(form.get('assertion') ?? '');
        } catch {
          return null;
        }
      })();
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || claims?.iss !== CLIENT_EMAIL)
        return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      return { status: 200, json: { access_token: FIREBASE_FAKE_ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } };
    }
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.path);
    if (request.method === 'POST' && send) {
      if (request.headers.authorization !== `Bearer ${FIREBASE_FAKE_ACCESS_TOKEN}`)
        return {
          status: 401,
          json: { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } },
        };
      const token = (JSON.parse(request.body) as { message?: { token?: string } }).message?.token ?? '';
      if (unregistered.has(token))
        return {
          status: 404,
          json: {
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Requested entity was not found.',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          },
        };
      return { status: 200, json: { name: `projects/${send[1]}/messages/0:${Date.now()}` } };
    }
    return { status: 404, json: { error: { code: 404, status: 'NOT_FOUND' } } };
  });
}
