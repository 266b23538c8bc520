import { importSPKI, jwtVerify } from 'jose';
import { startFakeProvider, type FakeProvider } from './fake-http.js';

// Salesforce in the documented shapes (REST API, OAuth 2.0 JWT bearer flow): POST /services/oauth2/token checks the
// RS256 assertion with the connected app's certificate key (iss = consumer key, sub = user, aud = login URL) and
// answers an access token with this host as instance_url; PATCH /services/data/vXX.X/sobjects/{Lead|Contact}/{field}/{value}
// upserts (201 created, 200 updated); GET .../query?q=SELECT ... WHERE {field} IN (...) answers the stored records.
// The test may change a record as a Salesforce user would (`records`).

export interface SalesforceFakeRecord {
  Id: string;
  sobject: 'Lead' | 'Contact';
  Status: string;
  OwnerId: string;
  Owner: { Name: string; Email: string };
  fields: Record<string, unknown>;
}

export type SalesforceFake = FakeProvider & { records: Map<string, SalesforceFakeRecord> };

const ACCESS_TOKEN = '00Dfake!AQ0AQ.sf-access-token';

export async function startSalesforceFake(expected: {
  publicKeyPem: string;
  clientId: string;
  username: string;
  loginUrl: string;
}): Promise<SalesforceFake> {
  const key = await importSPKI(expected.publicKeyPem, 'RS256');
  const records = new Map<string, SalesforceFakeRecord>();
  let counter = 0;
  const verify = (assertion: string) =>
    jwtVerify(assertion, key, {
      issuer: expected.clientId,
      subject: expected.username,
      audience: expected.loginUrl,
      maxTokenAge: '5m',
    }).then(
      () => true,
      () => false,
    );
  let url = '';
  const fake = await startFakeProvider(async (request) => {
    const path = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && path.pathname === '/services/oauth2/token') {
      const form = new URLSearchParams(request.body);
      const ok = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && (await verify(form.get('assertion') ?? ''));
      if (!ok) return { status: 400, json: { error: 'invalid_grant', error_description: 'invalid assertion' } };
      return { status: 200, json: { access_token: ACCESS_TOKEN, instance_url: url, token_type: 'Bearer', scope: 'api' } };
    }
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return { status: 401, json: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] as unknown as object };
    }
    const upsert = /^\/services\/data\/v\d+\.\d+\/sobjects\/(Lead|Contact)\/([^/]+)\/([^/]+)$/.exec(path.pathname);
    if (request.method === 'PATCH' && upsert) {
      const [, sobject, field, value] = upsert as unknown as [string, 'Lead' | 'Contact', string, string];
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const key = `${sobject}:${decodeURIComponent(field)}:${decodeURIComponent(value)}`;
      const existing = records.get(key);
      if (sobject === 'Lead' && !(body.LastName && body.Company)) {
        return {
          status: 400,
          json: [{ message: 'Required fields are missing: [LastName, Company]', errorCode: 'REQUIRED_FIELD_MISSING' }] as unknown as object,
        };
      }
      if (existing) {
        Object.assign(existing.fields, body);
        return { status: 200, json: { id: existing.Id, success: true, errors: [], created: false } };
      }
      counter += 1;
      const record: SalesforceFakeRecord = {
        Id: `${sobject === 'Lead' ? '00Q' : '003'}${String(counter).padStart(15, '0')}`,
        sobject,
        Status: 'Open - Not Contacted',
        OwnerId: '005000000000001AAA',
        Owner: { Name: 'Integration User', Email: expected.username },
        fields: { ...body, [decodeURIComponent(field)]: decodeURIComponent(value) },
      };
      records.set(key, record);
      return { status: 201, json: { id: record.Id, success: true, errors: [], created: true } };
    }
    if (request.method === 'GET' && /^\/services\/data\/v\d+\.\d+\/query$/.test(path.pathname)) {
      const q = path.searchParams.get('q') ?? '';
      const match = /FROM (Lead|Contact) WHERE (\w+) IN \((.*)\)$/.exec(q);
      if (!match) return { status: 400, json: [{ message: 'unsupported query', errorCode: 'MALFORMED_QUERY' }] as unknown as object };
      const [, sobject, field, list] = match as unknown as [string, string, string, string];
      const wanted = new Set([...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]));
      const found = [...records.values()].filter((r) => r.sobject === sobject && wanted.has(String(r.fields[field])));
      return {
        status: 200,
        json: {
          totalSize: found.length,
          done: true,
          records: found.map((r) => ({
            attributes: { type: sobject },
            [field]: r.fields[field],
            Id: r.Id,
            Status: r.Status,
            OwnerId: r.OwnerId,
            Owner: r.Owner,
          })),
        },
      };
    }
    return { status: 404, json: [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }] as unknown as object };
  });
  url = fake.url;
  return Object.assign(fake, { records }) as SalesforceFake;
}
