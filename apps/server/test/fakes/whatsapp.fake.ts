import { createHmac } from 'node:crypto';
import { jsonBody, startFakeProvider, type FakeProvider } from './fake-http.js';

// WhatsApp Business Cloud API (Graph API) host in the documented shapes, for the account in WHATSAPP_FAKE:
//  - GET /{phone-number-id}?fields=... answers the number (the connection test);
//  - GET /{waba-id}/message_templates pages `templates` (two a page, so paging is followed);
//  - POST /{phone-number-id}/messages takes a text or an approved template with the right number of values and
//    answers its `wamid`; each accepted message is kept in `sent`;
//  - GET /_fake/sent (the fake's own, for a test in another process) answers `sent`.
// Any other token is Graph's 401 (OAuthException 190); a refusal is Graph's 400 error shape.

export const WHATSAPP_FAKE = {
  wabaId: '1029384756',
  phoneNumberId: '5647382910',
  displayNumber: '+971 4 000 0000',
  accessToken: 'EAAG-wa-fake-token-0123456789',
  appSecret: 'wa-fake-app-secret-0123',
  verifyToken: 'wa-fake-verify-token-01',
} as const;

export interface WhatsAppFakeTemplate {
  id: string;
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: string;
  body: string;
}

export const WHATSAPP_FAKE_TEMPLATES: WhatsAppFakeTemplate[] = [
  {
    id: 'tpl-1',
    name: 'lead_acknowledgement',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Hello {{1}}, thank you for your enquiry. {{2}} will contact you shortly about {{3}}.',
  },
  {
    id: 'tpl-2',
    name: 'viewing_reminder',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Reminder: your viewing is tomorrow.',
  },
  { id: 'tpl-3', name: 'spring_offers', language: 'en', status: 'PENDING', category: 'MARKETING', body: 'New offers, {{1}}!' },
  { id: 'tpl-4', name: 'lead_acknowledgement', language: 'ar', status: 'APPROVED', category: 'UTILITY', body: 'مرحبا {{1}}' },
];

export interface WhatsAppSentMessage {
  wamid: string;
  to: string;
  type: 'text' | 'template';
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
}

export type WhatsAppFake = FakeProvider & { sent: WhatsAppSentMessage[]; templates: WhatsAppFakeTemplate[] };

const graphError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } },
});

const placeholders = (body: string) => Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));

function readSend(body: Record<string, unknown>, templates: readonly WhatsAppFakeTemplate[]): Omit<WhatsAppSentMessage, 'wamid'> | string {
  if (body.messaging_product !== 'whatsapp') return '(#100) Param messaging_product is required';
  if (typeof body.to !== 'string' || !/^\d{7,15}$/.test(body.to)) return '(#131009) Parameter value is not valid: to';
  if (body.type === 'text') {
    const text = (body.text as { body?: unknown } | undefined)?.body;
    if (typeof text !== 'string' || !text) return '(#100) Param text[body] is required';
    return { to: body.to, type: 'text', text, template: null };
  }
  if (body.type === 'template') {
    const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    const known = templates.find((t) => t.name === template?.name && t.language === template?.language?.code && t.status === 'APPROVED');
    if (!known) return '(#132001) Template name does not exist in the translation';
    const components = Array.isArray(template?.components)
      ? (template.components as { type?: string; parameters?: { text?: string }[] }[])
      : [];
    const parameters = (components.find((c) => c.type === 'body')?.parameters ?? []).map((p) => String(p.text ?? ''));
    if (parameters.length !== placeholders(known.body))
      return '(#132000) Number of parameters does not match the expected number of params';
    return { to: body.to, type: 'template', text: null, template: { name: known.name, language: known.language, parameters } };
  }
  return '(#100) Param type is invalid';
}

export async function startWhatsAppFake(): Promise<WhatsAppFake> {
  const sent: WhatsAppSentMessage[] = [];
  const templates = [...WHATSAPP_FAKE_TEMPLATES];
  const fake = await startFakeProvider((request) => {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'GET' && url.pathname === '/_fake/sent') return { status: 200, json: { sent } };
    if (request.headers.authorization !== `Bearer ${WHATSAPP_FAKE.accessToken}`)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const [id, edge] = url.pathname.split('/').filter(Boolean);
    if (request.method === 'GET' && id === WHATSAPP_FAKE.phoneNumberId && !edge)
      return {
        status: 200,
        json: { id, display_phone_number: WHATSAPP_FAKE.displayNumber, verified_name: 'Engage Properties', quality_rating: 'GREEN' },
      };
    if (request.method === 'GET' && id === WHATSAPP_FAKE.wabaId && edge === 'message_templates') {
      const start = Number(url.searchParams.get('after') ?? '0');
      const page = templates.slice(start, start + 2);
      const more = start + 2 < templates.length;
      return {
        status: 200,
        json: {
          data: page.map((t) => ({
            id: t.id,
            name: t.name,
            language: t.language,
            status: t.status,
            category: t.category,
            components: [{ type: 'BODY', text: t.body }],
          })),
          paging: {
            cursors: { before: String(start), after: String(start + 2) },
            ...(more ? { next: `${fake.url}/${id}/message_templates?after=${start + 2}` } : {}),
          },
        },
      };
    }
    if (request.method === 'POST' && id === WHATSAPP_FAKE.phoneNumberId && edge === 'messages') {
      const message = readSend(jsonBody(request), templates);
      if (typeof message === 'string') return graphError(400, 100, message);
      const wamid = `wamid.FAKE${String(sent.length + 1).padStart(6, '0')}${Date.now().toString(36)}`;
      sent.push({ wamid, ...message });
      return {
        status: 200,
        json: { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id: wamid }] },
      };
    }
    return graphError(400, 100, `Unsupported ${request.method} request: object ${id ?? ''} does not exist`);
  });
  return Object.assign(fake, { sent, templates });
}

/** Meta's notification for inbound messages and statuses of one number, as its webhook posts it. */
export function whatsAppNotification(input: {
  phoneNumberId?: string;
  messages?: { from: string; id: string; text: string; name?: string; at?: Date }[];
  statuses?: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; recipient: string; at?: Date; error?: string }[];
}) {
  const seconds = (at?: Date) => String(Math.floor((at ?? new Date()).getTime() / 1000));
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WHATSAPP_FAKE.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: WHATSAPP_FAKE.displayNumber.replace(/\D/g, ''),
                phone_number_id: input.phoneNumberId ?? WHATSAPP_FAKE.phoneNumberId,
              },
              ...(input.messages?.length
                ? {
                    contacts: input.messages.map((m) => ({ profile: { name: m.name ?? 'Customer' }, wa_id: m.from })),
                    messages: input.messages.map((m) => ({
                      from: m.from,
                      id: m.id,
                      timestamp: seconds(m.at),
                      type: 'text',
                      text: { body: m.text },
                    })),
                  }
                : {}),
              ...(input.statuses?.length
                ? {
                    statuses: input.statuses.map((s) => ({
                      id: s.id,
                      status: s.status,
                      timestamp: seconds(s.at),
                      recipient_id: s.recipient,
                      ...(s.error ? { errors: [{ code: 131026, title: s.error }] } : {}),
                    })),
                  }
                : {}),
            },
          },
        ],
      },
    ],
  };
}

/** `X-Hub-Signature-256` of a body, as Meta signs it with the app secret. */
export const signWhatsApp = (body: string, appSecret: string = WHATSAPP_FAKE.appSecret) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
