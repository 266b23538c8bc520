import { createHmac, randomUUID } from 'node:crypto';
import { type FakeProvider, jsonBody, startFakeProvider } from './fake-http.js';
import { fakeKeyPair, formBody, verifiedClaims } from './fake-jwt.js';

// DocuSign's account server and eSignature REST v2.1 on one host. POST /oauth/token takes a JWT grant signed with the
// integration's RSA key (iss the integration key, sub the user, aud this host, scope 'signature impersonation');
// GET /oauth/userinfo lists the account with this host as its base URI; POST .../envelopes creates an envelope,
// GET .../envelopes?custom_field=name=value finds envelopes by their custom field. `connect` builds and signs a
// Connect event as DocuSign would post it.

export const DOCUSIGN_FAKE_CONFIG = { accountId: 'a0b1c2d3-acct', integrationKey: 'ik-fake-0001', userId: 'u-fake-0001' };

export interface FakeEnvelope {
  envelopeId: string;
  accountId: string;
  body: Record<string, unknown>;
}

export type DocuSignFake = FakeProvider & {
  rsaPrivateKey: string;
  envelopes: FakeEnvelope[];
  /** A Connect event (JSON SIM) of an envelope, and its X-DocuSign-Signature-1 under `hmacKey`. */
  connect(hmacKey: string, envelopeId: string, event: string, at?: string): { body: string; signature: string };
};

export async function startDocuSignFake(config = DOCUSIGN_FAKE_CONFIG): Promise<DocuSignFake> {
  const keys = fakeKeyPair();
  const envelopes: FakeEnvelope[] = [];
  const tokens = new Set<string>();
  let host = '';
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      const form = formBody(request.body);
      const claims = verifiedClaims(form.assertion ?? '', keys.publicKey);
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !claims)
        return { status: 400, json: { error: 'invalid_grant' } };
      if (claims.iss !== config.integrationKey || claims.sub !== config.userId || claims.aud !== host)
        return { status: 400, json: { error: 'invalid_grant', error_description: 'no_valid_keys_or_signatures' } };
      if (claims.scope !== 'signature impersonation') return { status: 400, json: { error: 'consent_required' } };
      const token = `eyJ0eXAiOiJNVCJ9.fake.${randomUUID()}`;
      tokens.add(token);
      return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, '')))
      return {
        status: 401,
        json: { errorCode: 'AUTHORIZATION_INVALID_TOKEN', message: 'The access token provided is expired, revoked or malformed.' },
      };
    if (request.method === 'GET' && url.pathname === '/oauth/userinfo') {
      return {
        status: 200,
        json: {
          sub: config.userId,
          name: 'CRM Integration',
          email: 'integration@example.com',
          accounts: [{ account_id: config.accountId, is_default: true, account_name: 'Fake Realty', base_uri: `http://${host}` }],
        },
      };
    }
    const match = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes$/.exec(url.pathname);
    if (!match || match[1] !== config.accountId) return { status: 404, json: { errorCode: 'NOT_FOUND', message: 'Not found' } };
    if (request.method === 'POST') {
      const envelope = { envelopeId: randomUUID(), accountId: config.accountId, body: jsonBody(request) };
      envelopes.push(envelope);
      return {
        status: 201,
        json: {
          envelopeId: envelope.envelopeId,
          status: 'sent',
          statusDateTime: new Date().toISOString(),
          uri: `/envelopes/${envelope.envelopeId}`,
        },
      };
    }
    if (request.method === 'GET') {
      const [name, value] = (url.searchParams.get('custom_field') ?? '').split('=');
      const found = envelopes.filter((e) => {
        const fields =
          (e.body.customFields as { textCustomFields?: { name: string; value: string }[] } | undefined)?.textCustomFields ?? [];
        return fields.some((field) => field.name === name && field.value === value);
      });
      return {
        status: 200,
        json: { resultSetSize: String(found.length), envelopes: found.map((e) => ({ envelopeId: e.envelopeId, status: 'sent' })) },
      };
    }
    return { status: 405, json: { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'Method not allowed' } };
  });
  host = new URL(fake.url).host;
  return Object.assign(fake, {
    rsaPrivateKey: keys.privateKeyPem,
    envelopes,
    connect: (hmacKey: string, envelopeId: string, event: string, at = new Date().toISOString()) => {
      const status = event.replace(/^envelope-/, '');
      const body = JSON.stringify({
        event,
        apiVersion: 'v2.1',
        uri: `/restapi/v2.1/accounts/${config.accountId}/envelopes/${envelopeId}`,
        retryCount: 0,
        configurationId: 10001,
        generatedDateTime: at,
        data: {
          accountId: config.accountId,
          userId: config.userId,
          envelopeId,
          envelopeSummary: { status, emailSubject: 'Please sign', [`${status}DateTime`]: at },
        },
      });
      return { body, signature: createHmac('sha256', hmacKey).update(body).digest('base64') };
    },
  });
}
