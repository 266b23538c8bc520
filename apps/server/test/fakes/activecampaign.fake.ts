import { jsonBody, startFakeProvider } from './fake-http.js';

// An ActiveCampaign account's API v3 (the `Api-Token` header): the token's user, contact/sync (a contact id per email),
// contactLists and contactTags, and the lists, tags and fields collections. A wrong token answers 403 like
// ActiveCampaign.
export const ACTIVECAMPAIGN_FAKE_TOKEN = 'ac-fake-token-0123456789abcdef';

export function startActiveCampaignFake(token = ACTIVECAMPAIGN_FAKE_TOKEN) {
  const contacts = new Map<string, string>();
  return startFakeProvider((request) => {
    if (request.headers['api-token'] !== token) return { status: 403, json: { message: 'No Result found for Subscriber with id 0' } };
    const path = request.path.split('?')[0];
    if (request.method === 'GET' && path === '/api/3/users/me') return { status: 200, json: { user: { id: '1', username: 'admin' } } };
    if (request.method === 'GET' && path === '/api/3/lists')
      return { status: 200, json: { lists: [{ id: '3', name: 'Dubai buyers', stringid: 'dubai-buyers' }], meta: { total: '1' } } };
    if (request.method === 'GET' && path === '/api/3/tags')
      return { status: 200, json: { tags: [{ id: '7', tag: 'crm', tagType: 'contact' }], meta: { total: '1' } } };
    if (request.method === 'GET' && path === '/api/3/fields')
      return {
        status: 200,
        json: { fields: [{ id: '12', title: 'Customer ID', type: 'text', perstag: 'CUSTOMER_ID' }], meta: { total: '1' } },
      };
    if (request.method === 'POST' && path === '/api/3/contact/sync') {
      const email = String((jsonBody(request).contact as { email?: string } | undefined)?.email ?? '');
      if (!email)
        return { status: 422, json: { errors: [{ title: 'Email address is required', source: { pointer: '/data/attributes/email' } }] } };
      const id = contacts.get(email) ?? String(contacts.size + 100);
      const created = !contacts.has(email);
      contacts.set(email, id);
      return { status: created ? 201 : 200, json: { contact: { id, email } } };
    }
    if (request.method === 'POST' && path === '/api/3/contactLists')
      return { status: 201, json: { contactList: { ...(jsonBody(request).contactList as object), id: '55' } } };
    if (request.method === 'POST' && path === '/api/3/contactTags')
      return { status: 201, json: { contactTag: { ...(jsonBody(request).contactTag as object), id: '66' } } };
    return { status: 404, json: { message: 'not found' } };
  });
}
