import { startFakeProvider, type FakeProvider } from './fake-http.js';

// Engage's team API as docs/api.md 'Engage' sets it out (the contract is ours): `Authorization: Bearer <apiKey>`
// checked (401 otherwise); GET /api/v1/agents?page=N&perPage=M answers { data, meta: { page, lastPage } } two agents
// a page whatever perPage asks, so paging is exercised; GET /api/v1/offices answers { data: [{ id, name }] }.
// Agents and offices are the test's to set (`agents`, `offices`).

export const ENGAGE_FAKE_API_KEY = 'engage-api-key-0123456789';

export interface EngageFakeAgent {
  id: string | number;
  name: string;
  email?: string | null;
  phone?: string | null;
  designation?: string | null;
  officeId?: string | number | null;
  officeName?: string | null;
  photoUrl?: string | null;
}

export type EngageFake = FakeProvider & { agents: EngageFakeAgent[]; offices: { id: string | number; name: string }[] };

const PAGE_SIZE = 2;

export async function startEngageFake(): Promise<EngageFake> {
  const state = { agents: [] as EngageFakeAgent[], offices: [] as { id: string | number; name: string }[] };
  const fake = await startFakeProvider((request) => {
    // The browser suite's door (it runs the fake in another process): POST /_fake/agents adds agents.
    if (request.method === 'POST' && request.path === '/_fake/agents') {
      state.agents.push(...(JSON.parse(request.body) as EngageFakeAgent[]));
      return { status: 200, json: { added: state.agents.length } };
    }
    if (request.headers.authorization !== `Bearer ${ENGAGE_FAKE_API_KEY}`) return { status: 401, json: { message: 'Unauthenticated.' } };
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'GET' && url.pathname === '/api/v1/agents') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const lastPage = Math.max(1, Math.ceil(state.agents.length / PAGE_SIZE));
      return { status: 200, json: { data: state.agents.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), meta: { page, lastPage } } };
    }
    if (request.method === 'GET' && url.pathname === '/api/v1/offices') return { status: 200, json: { data: state.offices } };
    return { status: 404, json: { message: 'Not found.' } };
  });
  return Object.assign(fake, state);
}
