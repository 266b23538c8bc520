import { jsonBody, startFakeProvider, type FakeProvider } from './fake-http.js';

// Property Finder's Enterprise API host in the documented shapes: POST /v1/auth/token answers a JWT for the one
// key and secret it knows (401 otherwise); with that JWT (Bearer): GET /v1/leads pages the leads the test has put in
// `leads`, those created at or after `createdAtFrom`, oldest first; POST /v1/listings creates a draft (answering its
// id), PUT /v1/listings/{id} updates it, POST /v1/listings/{id}/publish|unpublish change its state (`listings`);
// POST /v1/webhooks subscribes an event, DELETE /v1/webhooks/{eventId} unsubscribes it (`webhooks`); GET /v1/users
// pages the users in `users`.
export const PROPERTY_FINDER_FAKE_CREDENTIALS = { apiKey: 'pf-key-0123456789', apiSecret: 'pf-secret-0123456789' };
/** A second Property Finder client (another account of the same agency group). */
export const PROPERTY_FINDER_FAKE_CREDENTIALS_2 = { apiKey: 'pf-key-second-000002', apiSecret: 'pf-secret-second-0002' };
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.fake.token';
/** Each client's token: the first one's is ACCESS_TOKEN, the next ones' carry their number. */
const tokenOf = (client: number) => (client === 0 ? ACCESS_TOKEN : `${ACCESS_TOKEN}.${client + 1}`);

export interface PropertyFinderFakeLead {
  id: string;
  createdAt: string;
  channel: 'whatsapp' | 'call' | 'email';
  listing: { id: string; reference: string } | null;
  sender: { name: string; contacts: { type: 'phone' | 'email'; value: string }[] };
  message?: string;
  project?: { id: string; name: string };
  publicProfile?: { id: string };
}

export interface PropertyFinderFakeUser {
  /** Only this client (0: the first credentials) has the user; every client when absent. */
  client?: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  publicProfile: { id: string };
}

export interface PropertyFinderFakeListing {
  id: string;
  /** Which client (0: the first credentials) created it. */
  client: number;
  body: Record<string, unknown>;
  state: 'draft' | 'published' | 'unpublished';
  writes: number;
}

export type PropertyFinderFake = FakeProvider & {
  leads: PropertyFinderFakeLead[];
  users: PropertyFinderFakeUser[];
  /** By Property Finder id. */
  listings: Map<string, PropertyFinderFakeListing>;
  /** Subscribed events, by `{client}:{eventId}` (client 0: the first credentials). */
  webhooks: Map<string, { callbackUrl: string; secret: string }>;
};

export async function startPropertyFinderFake(
  credentials = PROPERTY_FINDER_FAKE_CREDENTIALS,
  others: { apiKey: string; apiSecret: string }[] = [PROPERTY_FINDER_FAKE_CREDENTIALS_2],
): Promise<PropertyFinderFake> {
  const clients = [credentials, ...others];
  const leads: PropertyFinderFakeLead[] = [];
  const users: PropertyFinderFakeUser[] = [];
  const listings = new Map<string, PropertyFinderFakeListing>();
  const webhooks = new Map<string, { callbackUrl: string; secret: string }>();
  let nextListing = 1;
  const page = <T>(items: T[], url: URL, perPageDefault: number) => {
    const current = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('perPage') ?? String(perPageDefault));
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    return {
      data: items.slice((current - 1) * perPage, current * perPage),
      pagination: { page: current, perPage, total: items.length, totalPages },
    };
  };
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/auth/token') {
      const body = jsonBody(request);
      const client = clients.findIndex((c) => body.apiKey === c.apiKey && body.apiSecret === c.apiSecret);
      if (client >= 0) return { status: 200, json: { accessToken: tokenOf(client), expiresIn: 1800 } };
      return { status: 401, json: { message: 'Invalid credentials' } };
    }
    const client = clients.findIndex((_c, i) => request.headers.authorization === `Bearer ${tokenOf(i)}`);
    if (client < 0) return { status: 401, json: { message: 'Invalid token' } };
    const listingPath = /^\/v1\/listings\/([^/]+)(?:\/(publish|unpublish))?$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/listings') {
      const id = `pf-${nextListing++}`;
      listings.set(id, { id, client, body: jsonBody(request), state: 'draft', writes: 1 });
      return { status: 201, json: { id } };
    }
    if (listingPath) {
      const listing = listings.get(decodeURIComponent(listingPath[1] ?? ''));
      if (!listing || listing.client !== client) return { status: 404, json: { message: 'Listing not found' } };
      if (request.method === 'PUT' && !listingPath[2]) {
        listing.body = jsonBody(request);
        listing.writes += 1;
        return { status: 200, json: { id: listing.id } };
      }
      if (request.method === 'POST' && listingPath[2]) {
        listing.state = listingPath[2] === 'publish' ? 'published' : 'unpublished';
        return { status: 200, json: { id: listing.id } };
      }
    }
    if (request.method === 'POST' && url.pathname === '/v1/webhooks') {
      const body = jsonBody(request);
      if (typeof body.eventId !== 'string' || typeof body.callbackUrl !== 'string' || typeof body.secret !== 'string')
        return { status: 422, json: { message: 'eventId, callbackUrl and secret are required' } };
      webhooks.set(`${client}:${body.eventId}`, { callbackUrl: body.callbackUrl, secret: body.secret });
      return { status: 201, json: { eventId: body.eventId, callbackUrl: body.callbackUrl } };
    }
    const webhookPath = /^\/v1\/webhooks\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && webhookPath) {
      const eventId = decodeURIComponent(webhookPath[1] ?? '');
      if (!webhooks.delete(`${client}:${eventId}`)) return { status: 404, json: { message: 'Not subscribed' } };
      return { status: 204 };
    }
    if (request.method === 'GET' && url.pathname === '/v1/users') {
      const mine = users.filter((user) => user.client === undefined || user.client === client).map(({ client: _c, ...user }) => user);
      return { status: 200, json: page(mine, url, 50) };
    }
    if (request.method === 'GET' && url.pathname === '/v1/leads') {
      const from = Date.parse(url.searchParams.get('createdAtFrom') ?? '1970-01-01T00:00:00Z');
      const matching = leads.filter((lead) => Date.parse(lead.createdAt) >= from).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return { status: 200, json: page(matching, url, 50) };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
  return Object.assign(fake, { leads, users, listings, webhooks });
}
