import { generateKeyPairSync, sign } from 'node:crypto';
import { startFakeProvider } from './fake-http.js';

// SendGrid's Web API v3 host: GET /v3/scopes (the connection test), POST /v3/mail/send (202, no body), GET
// /v3/marketing/lists and PUT /v3/marketing/contacts (202 with a job id), each with the known Bearer key; any other key
// answers 401 with SendGrid's error shape. `signEvents` signs an Event Webhook body like SendGrid (ECDSA P-256 over
// timestamp + body, base64 DER), with `webhookPublicKey` the key an admin pastes into the config.
export const SENDGRID_FAKE_KEY = 'SG.fake-key.0123456789abcdef';
export const SENDGRID_FAKE_LISTS = [
  { id: 'ca7a3796-e8a8-4029-9ccb-df8937940562', name: 'Buyers', contact_count: 42 },
  { id: '1b1d7e5c-4bb0-4c3c-9d2a-7c1f0e0a1111', name: 'Newsletter', contact_count: 7 },
];

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
export const SENDGRID_WEBHOOK_PUBLIC_KEY = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

export function signEvents(body: string, timestamp = String(Math.floor(Date.now() / 1000))) {
  return {
    'x-twilio-email-event-webhook-timestamp': timestamp,
    'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64'),
    'content-type': 'application/json',
  };
}

export function startSendGridFake(apiKey = SENDGRID_FAKE_KEY) {
  return startFakeProvider((request) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { errors: [{ field: null, message: 'authorization required' }] } };
    }
    const path = request.path.split('?')[0];
    if (request.method === 'GET' && path === '/v3/scopes') return { status: 200, json: { scopes: ['mail.send', 'marketing.read'] } };
    if (request.method === 'POST' && path === '/v3/mail/send') return { status: 202 };
    if (request.method === 'GET' && path === '/v3/marketing/lists')
      return { status: 200, json: { result: SENDGRID_FAKE_LISTS, _metadata: { self: request.path, count: SENDGRID_FAKE_LISTS.length } } };
    if (request.method === 'PUT' && path === '/v3/marketing/contacts') return { status: 202, json: { job_id: 'job-0001' } };
    return { status: 404, json: { errors: [{ message: 'not found' }] } };
  });
}
