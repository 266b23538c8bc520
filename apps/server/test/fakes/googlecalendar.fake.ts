import { randomUUID } from 'node:crypto';
import { type FakeProvider, jsonBody, startFakeProvider } from './fake-http.js';
import { fakeKeyPair, formBody, verifiedClaims } from './fake-jwt.js';

// Google's token endpoint and Calendar API v3 (events) on one host. POST /token takes a JWT grant signed with the
// service account's key (iss its client_email, aud its token_uri, the calendar.events scope; `sub` is the user it
// acts as), a refresh_token grant of the OAuth client for a refresh token the test registered, or an
// authorization_code grant of a code the test registered; each answers a token naming whose calendar it opens.
// Events live per (person, calendar): list by private extended property, insert, patch and delete, as Google answers.

export const GOOGLE_FAKE_CLIENT = { clientId: 'fake-client.apps.googleusercontent.com', clientSecret: 'GOCSPX-fake-client-secret' };
const SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const SERVICE_ACCOUNT_EMAIL = 'crm-viewings@fake-project.iam.gserviceaccount.com';

export interface FakeEvent {
  id: string;
  summary: string;
  description?: string;
  location?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  extendedProperties?: { private?: Record<string, string> };
}

export type GoogleCalendarFake = FakeProvider & {
  /** The service account JSON to configure (its token_uri is this fake). */
  serviceAccountJson: string;
  /** Events by `${person} ${calendarId}` (person: the impersonated email, the service account, or the member's token). */
  calendars: Map<string, Map<string, FakeEvent>>;
  /** Refresh tokens the fake accepts, by what their access token opens. */
  refreshTokens: Map<string, string>;
  /** Authorization codes the fake exchanges, by the refresh token each gives. */
  codes: Map<string, string>;
  eventsOf(person: string, calendarId?: string): FakeEvent[];
};

export async function startGoogleCalendarFake(): Promise<GoogleCalendarFake> {
  const keys = fakeKeyPair();
  const calendars = new Map<string, Map<string, FakeEvent>>();
  const refreshTokens = new Map<string, string>();
  const codes = new Map<string, string>();
  /** Access token -> the person it acts as. */
  const tokens = new Map<string, string>();
  let tokenUri = '';
  const issue = (person: string) => {
    const token = `ya29.fake-${randomUUID()}`;
    tokens.set(token, person);
    return { status: 200, json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  };
  const calendarOf = (person: string, calendarId: string) => {
    const key = `${person} ${calendarId}`;
    let events = calendars.get(key);
    if (!events) {
      events = new Map();
      calendars.set(key, events);
    }
    return events;
  };

  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = formBody(request.body);
      if (form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        const claims = verifiedClaims(form.assertion ?? '', keys.publicKey);
        if (!claims || claims.iss !== SERVICE_ACCOUNT_EMAIL || claims.aud !== tokenUri || claims.scope !== SCOPE)
          return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
        return issue(typeof claims.sub === 'string' ? claims.sub : SERVICE_ACCOUNT_EMAIL);
      }
      if (form.client_id !== GOOGLE_FAKE_CLIENT.clientId || form.client_secret !== GOOGLE_FAKE_CLIENT.clientSecret)
        return { status: 401, json: { error: 'invalid_client' } };
      if (form.grant_type === 'refresh_token') {
        const person = refreshTokens.get(form.refresh_token ?? '');
        return person ? issue(person) : { status: 400, json: { error: 'invalid_grant' } };
      }
      if (form.grant_type === 'authorization_code') {
        const refresh = codes.get(form.code ?? '');
        if (!refresh) return { status: 400, json: { error: 'invalid_grant' } };
        codes.delete(form.code ?? '');
        return { status: 200, json: { access_token: 'ya29.first', refresh_token: refresh, expires_in: 3599, scope: SCOPE } };
      }
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
    const person = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!person) return { status: 401, json: { error: { code: 401, message: 'Invalid Credentials' } } };
    const events = calendarOf(person, decodeURIComponent(match[1] ?? ''));
    const eventId = match[2] ? decodeURIComponent(match[2]) : null;
    if (!eventId && request.method === 'GET') {
      const [key, value] = (url.searchParams.get('privateExtendedProperty') ?? '').split('=');
      const items = [...events.values()].filter((e) => !key || e.extendedProperties?.private?.[key] === value);
      return { status: 200, json: { kind: 'calendar#events', items: items.slice(0, Number(url.searchParams.get('maxResults') ?? 250)) } };
    }
    if (!eventId && request.method === 'POST') {
      const event = { ...(jsonBody(request) as unknown as Omit<FakeEvent, 'id'>), id: `evt${randomUUID().replaceAll('-', '')}` };
      events.set(event.id, event);
      return { status: 200, json: event };
    }
    const existing = eventId ? events.get(eventId) : undefined;
    if (!eventId || !existing) return { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
    if (request.method === 'PATCH') {
      const patched = { ...existing, ...(jsonBody(request) as unknown as Partial<FakeEvent>), id: eventId };
      events.set(eventId, patched);
      return { status: 200, json: patched };
    }
    if (request.method === 'DELETE') {
      events.delete(eventId);
      return { status: 204 };
    }
    return { status: 405, json: { error: { code: 405, message: 'Method Not Allowed' } } };
  });
  tokenUri = `${fake.url}/token`;
  return Object.assign(fake, {
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: 'fake-project',
      private_key_id: 'fake-key-1',
      private_key: keys.privateKeyPem,
      client_email: SERVICE_ACCOUNT_EMAIL,
      token_uri: tokenUri,
    }),
    calendars,
    refreshTokens,
    codes,
    eventsOf: (person: string, calendarId = 'primary') => [...(calendars.get(`${person} ${calendarId}`)?.values() ?? [])],
  });
}
