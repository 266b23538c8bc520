import { jsonBody, startFakeProvider, type FakeProvider } from './fake-http.js';

// Property Finder's Enterprise API host in the documented shapes: POST /v1/auth/token answers a JWT for the one
// key and secret it knows (401 otherwise); GET /v1/leads (Bearer that JWT) pages the leads the test has put in
// `leads`, those created at or after `createdAtFrom`, oldest first; POST /v1/listings (Bearer that JWT) takes a
// listing (listing pushes).
export const PROPERTY_FINDER_FAKE_CREDENTIALS = { apiKey: 'pf-key-0123456789', apiSecret: 'pf-secret-0123456789' };
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.fake.token';

export interface PropertyFinderFakeLead {
  id: string;
  createdAt: string;
  channel: 'whatsapp' | 'call' | 'email';
  listing: { id: string; reference: string } | null;
  sender: { name: string; contacts: { type: 'phone' | 'email'; value: string }[] };
  message?: string;
}

export type PropertyFinderFake = FakeProvider & { leads: PropertyFinderFakeLead[] };

export async function startPropertyFinderFake(credentials = PROPERTY_FINDER_FAKE_CREDENTIALS): Promise<PropertyFinderFake> {
  const leads: PropertyFinderFakeLead[] = [];
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/auth/token') {
      const body = jsonBody(request);
      if (body.apiKey === credentials.apiKey && body.apiSecret === credentials.apiSecret) {
        return { status: 200, json: { accessToken: ACCESS_TOKEN, expiresIn: 1800 } };
      }
      return { status: 401, json: { message: 'Invalid credentials' } };
    }
    if (request.method === 'POST' && url.pathname === '/v1/listings') {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, json: { message: 'Invalid token' } };
      return { status: 201, json: { id: `pf-${String(jsonBody(request).reference)}` } };
    }
    if (request.method === 'GET' && url.pathname === '/v1/leads') {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, json: { message: 'Unauthorized' } };
      const from = Date.parse(url.searchParams.get('createdAtFrom') ?? '1970-01-01T00:00:00Z');
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('perPage') ?? '50');
      const matching = leads.filter((lead) => Date.parse(lead.createdAt) >= from).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
      return {
        status: 200,
        json: {
          data: matching.slice((page - 1) * perPage, page * perPage),
          pagination: { page, perPage, total: matching.length, totalPages },
        },
      };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
  return Object.assign(fake, { leads });
}
