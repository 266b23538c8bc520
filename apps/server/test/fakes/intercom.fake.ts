import { jsonBody, startFakeProvider, type FakeProvider } from './fake-http.js';

// Intercom's REST API host in the documented shapes (Bearer token, `Intercom-Version` required):
//  - GET /me (the connection test), GET /data_attributes?model=contact|conversation;
//  - POST /contacts/search (external_id or email, `=`, alone or under OR), POST /contacts, PUT /contacts/{id};
//  - POST /conversations/search (contact_ids =), GET /conversations/{id} with its parts.
// The test puts conversations in `conversations`; contacts pushed land in `contacts`. Any other token: Intercom's
// 401 error list.

export const INTERCOM_FAKE_TOKEN = 'intercom-fake-token-0123456789';

export interface IntercomFakeContact {
  id: string;
  external_id: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  role: string;
}

export interface IntercomFakePart {
  id: string;
  body: string;
  created_at: number;
  author: { type: 'user' | 'admin' | 'bot'; id: string; name: string };
}

export interface IntercomFakeConversation {
  id: string;
  title: string | null;
  created_at: number;
  contactId: string;
  source: IntercomFakePart;
  parts: IntercomFakePart[];
}

export type IntercomFake = FakeProvider & { contacts: IntercomFakeContact[]; conversations: IntercomFakeConversation[] };

const errorList = (status: number, code: string, message: string) => ({
  status,
  json: { type: 'error.list', request_id: 'req-fake', errors: [{ code, message }] },
});

const ATTRIBUTES = {
  contact: [
    {
      name: 'email',
      full_name: 'email',
      label: 'Email',
      description: "The contact's email",
      data_type: 'string',
      custom: false,
      api_writable: true,
    },
    {
      name: 'budget',
      full_name: 'custom_attributes.budget',
      label: 'Budget',
      description: 'Budget in AED',
      data_type: 'float',
      custom: true,
      api_writable: true,
    },
  ],
  conversation: [
    {
      name: 'priority',
      full_name: 'priority',
      label: 'Priority',
      description: null,
      data_type: 'string',
      custom: false,
      api_writable: false,
    },
    {
      name: 'listing_ref',
      full_name: 'custom_attributes.listing_ref',
      label: 'Listing reference',
      description: 'Our listing',
      data_type: 'string',
      custom: true,
      api_writable: true,
    },
  ],
};

interface Condition {
  field?: string;
  operator?: string;
  value?: unknown;
}

function matches(contact: IntercomFakeContact, query: Condition): boolean {
  if (query.operator === 'OR' && Array.isArray(query.value)) return (query.value as Condition[]).some((q) => matches(contact, q));
  if (query.operator === 'AND' && Array.isArray(query.value)) return (query.value as Condition[]).every((q) => matches(contact, q));
  if (query.operator !== '=') return false;
  if (query.field === 'external_id') return contact.external_id === query.value;
  if (query.field === 'email') return contact.email !== null && contact.email.toLowerCase() === String(query.value).toLowerCase();
  return false;
}

const contactJson = (contact: IntercomFakeContact) => ({ type: 'contact', ...contact });

const conversationJson = (conversation: IntercomFakeConversation, withParts: boolean) => ({
  type: 'conversation',
  id: conversation.id,
  title: conversation.title,
  created_at: conversation.created_at,
  updated_at: Math.max(conversation.created_at, ...conversation.parts.map((p) => p.created_at)),
  open: true,
  state: 'open',
  source: {
    type: 'conversation',
    id: conversation.source.id,
    delivered_as: 'customer_initiated',
    subject: '',
    body: conversation.source.body,
    author: conversation.source.author,
  },
  contacts: { type: 'contact.list', contacts: [{ type: 'contact', id: conversation.contactId }] },
  ...(withParts
    ? {
        conversation_parts: {
          type: 'conversation_part.list',
          conversation_parts: conversation.parts.map((part) => ({ type: 'conversation_part', part_type: 'comment', ...part })),
          total_count: conversation.parts.length,
        },
      }
    : {}),
});

export async function startIntercomFake(): Promise<IntercomFake> {
  const contacts: IntercomFakeContact[] = [];
  const conversations: IntercomFakeConversation[] = [];
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.headers.authorization !== `Bearer ${INTERCOM_FAKE_TOKEN}`) return errorList(401, 'unauthorized', 'Access Token Invalid');
    if (!request.headers['intercom-version']) return errorList(400, 'intercom_version_invalid', 'Intercom-Version header is required');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/me')
      return {
        status: 200,
        json: { type: 'admin', id: '991', name: 'Engage Admin', email: 'admin@example.com', app: { type: 'app', id_code: 'abc123' } },
      };
    if (request.method === 'GET' && path === '/data_attributes') {
      const model = url.searchParams.get('model');
      if (model !== 'contact' && model !== 'conversation') return errorList(400, 'parameter_invalid', 'model is invalid');
      return {
        status: 200,
        json: { type: 'list', data: ATTRIBUTES[model].map((a) => ({ type: 'data_attribute', model, archived: false, ...a })) },
      };
    }
    if (request.method === 'POST' && path === '/contacts/search') {
      const query = (jsonBody(request).query ?? {}) as Condition;
      const data = contacts.filter((contact) => matches(contact, query));
      return { status: 200, json: { type: 'list', data: data.map(contactJson), total_count: data.length } };
    }
    if (request.method === 'POST' && path === '/contacts') {
      const body = jsonBody(request);
      if (contacts.some((c) => c.external_id && c.external_id === body.external_id))
        return errorList(409, 'conflict', 'A contact matching those details already exists');
      const contact: IntercomFakeContact = {
        id: `contact-${contacts.length + 1}`,
        external_id: typeof body.external_id === 'string' ? body.external_id : null,
        email: typeof body.email === 'string' ? body.email : null,
        name: typeof body.name === 'string' ? body.name : null,
        phone: typeof body.phone === 'string' ? body.phone : null,
        role: typeof body.role === 'string' ? body.role : 'user',
      };
      contacts.push(contact);
      return { status: 200, json: contactJson(contact) };
    }
    const contactMatch = /^\/contacts\/([^/]+)$/.exec(path);
    if (request.method === 'PUT' && contactMatch) {
      const contact = contacts.find((c) => c.id === decodeURIComponent(contactMatch[1] ?? ''));
      if (!contact) return errorList(404, 'not_found', 'User Not Found');
      const body = jsonBody(request);
      for (const key of ['external_id', 'email', 'name', 'phone', 'role'] as const)
        if (typeof body[key] === 'string') contact[key] = body[key];
      return { status: 200, json: contactJson(contact) };
    }
    if (request.method === 'POST' && path === '/conversations/search') {
      const query = (jsonBody(request).query ?? {}) as Condition;
      const found = query.field === 'contact_ids' && query.operator === '=' ? conversations.filter((c) => c.contactId === query.value) : [];
      return {
        status: 200,
        json: {
          type: 'conversation.list',
          conversations: found.map((c) => conversationJson(c, false)),
          total_count: found.length,
          pages: { type: 'pages', page: 1, per_page: 50, total_pages: 1 },
        },
      };
    }
    const conversationMatch = /^\/conversations\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && conversationMatch) {
      const conversation = conversations.find((c) => c.id === decodeURIComponent(conversationMatch[1] ?? ''));
      if (!conversation) return errorList(404, 'not_found', 'Resource Not Found');
      return { status: 200, json: conversationJson(conversation, true) };
    }
    return errorList(404, 'not_found', `No route ${request.method} ${path}`);
  });
  return Object.assign(fake, { contacts, conversations });
}
