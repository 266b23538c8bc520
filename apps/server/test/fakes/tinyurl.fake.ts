import { jsonBody, startFakeProvider } from './fake-http.js';

// TinyURL's API (Bearer token): POST /create answers { data: { tiny_url, url, domain, alias }, code: 0, errors: [] };
// GET /urls/available (the connection test) answers the account's links. Another token: 401 with TinyURL's shape.
export const TINYURL_FAKE_TOKEN = 'tinyurl-fake-token-0123456789';

export function startTinyUrlFake(token = TINYURL_FAKE_TOKEN) {
  let count = 0;
  return startFakeProvider((request) => {
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, json: { data: [], code: 1, errors: ['Unauthorized'] } };
    const path = request.path.split('?')[0];
    if (request.method === 'GET' && path === '/urls/available') return { status: 200, json: { data: [], code: 0, errors: [] } };
    if (request.method === 'POST' && path === '/create') {
      const body = jsonBody(request) as { url?: string; domain?: string };
      if (!body.url) return { status: 422, json: { data: [], code: 5, errors: ['The url field is required.'] } };
      count += 1;
      const domain = body.domain ?? 'tinyurl.com';
      const alias = `crm${count}`;
      return {
        status: 200,
        json: { data: { url: body.url, domain, alias, tiny_url: `https://${domain}/${alias}`, tags: [] }, code: 0, errors: [] },
      };
    }
    return { status: 404, json: { data: [], code: 4, errors: ['Not found'] } };
  });
}
