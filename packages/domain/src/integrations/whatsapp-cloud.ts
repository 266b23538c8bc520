import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { WhatsAppTemplateNameSchema } from '../conversations/conversation.schemas.js';
import { WHATSAPP_TRIGGER_EVENTS, type WhatsAppTriggerEvent } from './integration-providers.js';
import { splitPartnerPhone } from './partner-webhook.js';

// WhatsApp Business Cloud API (Graph API) shapes we read (docs/api.md 'WhatsApp'): the webhook's
// `whatsapp_business_account` notification, the send, template and phone number answers; and the one normalised
// event per inbound message or status change that the webhook stores and its job processes.

/** The webhook's signature header: `sha256=<hex HMAC-SHA256(appSecret, raw body)>`. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

const digits = z.string().regex(/^\d{5,20}$/);
const unixSeconds = z.string().regex(/^\d{1,12}$/);

const WhatsAppContactSchema = z.looseObject({
  profile: z.looseObject({ name: z.string().max(500).optional() }).optional(),
  wa_id: digits,
});

const captioned = z.looseObject({ caption: z.string().max(5000).optional() });

export const WhatsAppWebhookMessageSchema = z.looseObject({
  from: digits,
  id: z.string().min(1).max(200),
  timestamp: unixSeconds,
  type: z.string().max(50),
  text: z.looseObject({ body: z.string().max(5000) }).optional(),
  button: z.looseObject({ text: z.string().max(1000).optional() }).optional(),
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ title: z.string().max(1000).optional() }).optional(),
      list_reply: z.looseObject({ title: z.string().max(1000).optional() }).optional(),
    })
    .optional(),
  image: captioned.optional(),
  video: captioned.optional(),
  document: captioned.optional(),
});
export type WhatsAppWebhookMessage = z.infer<typeof WhatsAppWebhookMessageSchema>;

export const WHATSAPP_STATUS_VALUES = ['sent', 'delivered', 'read', 'failed'] as const;

const WhatsAppStatusSchema = z.looseObject({
  id: z.string().min(1).max(200),
  status: z.string().max(50),
  timestamp: unixSeconds,
  recipient_id: z.string().max(50).optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(1000).optional(),
        error_data: z.looseObject({ details: z.string().max(1000).optional() }).optional(),
      }),
    )
    .optional(),
});

/** The `value` of a `messages` change. */
export const WhatsAppMessagesValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().min(1).max(50), display_phone_number: z.string().max(50).optional() }),
  contacts: z.array(WhatsAppContactSchema).optional(),
  messages: z.array(WhatsAppWebhookMessageSchema).optional(),
  statuses: z.array(WhatsAppStatusSchema).optional(),
});

export const WhatsAppWebhookSchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(z.looseObject({ field: z.string(), value: z.looseObject({}) })).default([]),
    }),
  ),
});

const IsoSchema = z.iso.datetime({ offset: true });

/** One inbound message or one status change, as stored in WebhookEvent and read by its job. */
export const WhatsAppEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('message'),
    phoneNumberId: z.string(),
    wamid: z.string(),
    /** The customer's WhatsApp id: their number's digits with the country code. */
    from: z.string(),
    name: z.string().nullable(),
    at: IsoSchema,
    type: z.string(),
    body: z.string().nullable(),
  }),
  z.strictObject({
    kind: z.literal('status'),
    phoneNumberId: z.string(),
    wamid: z.string(),
    status: z.enum(WHATSAPP_STATUS_VALUES),
    at: IsoSchema,
    error: z.string().nullable(),
  }),
]);
export type WhatsAppEvent = z.infer<typeof WhatsAppEventSchema>;

/** The event's key in WebhookEvent: a redelivery of the same message or status is a duplicate. */
export const whatsAppEventKey = (event: WhatsAppEvent) =>
  event.kind === 'message' ? `message:${event.wamid}` : `status:${event.wamid}:${event.status}`;

const at = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

/** What an inbound message says, whatever its type (a media message without caption names its type). */
export function whatsAppMessageText(message: WhatsAppWebhookMessage): string {
  const text =
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption;
  return text?.trim() ? text : `[${message.type}]`;
}

/** Every message and status of a verified notification, normalised; changes of other fields are left out. */
export function whatsAppEventsOf(notification: z.infer<typeof WhatsAppWebhookSchema>): WhatsAppEvent[] {
  const events: WhatsAppEvent[] = [];
  for (const entry of notification.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const value = WhatsAppMessagesValueSchema.safeParse(change.value);
      if (!value.success) continue;
      const { metadata, contacts = [], messages = [], statuses = [] } = value.data;
      for (const message of messages) {
        const contact = contacts.find((c) => c.wa_id === message.from) ?? contacts[0];
        events.push({
          kind: 'message',
          phoneNumberId: metadata.phone_number_id,
          wamid: message.id,
          from: message.from,
          name: contact?.profile?.name?.trim() || null,
          at: at(message.timestamp),
          type: message.type,
          body: whatsAppMessageText(message),
        });
      }
      for (const status of statuses) {
        const known = (WHATSAPP_STATUS_VALUES as readonly string[]).includes(status.status);
        if (!known) continue;
        const error = status.errors?.[0];
        events.push({
          kind: 'status',
          phoneNumberId: metadata.phone_number_id,
          wamid: status.id,
          status: status.status as (typeof WHATSAPP_STATUS_VALUES)[number],
          at: at(status.timestamp),
          error: error ? [error.code, error.title ?? error.message, error.error_data?.details].filter(Boolean).join(' ') : null,
        });
      }
    }
  }
  return events;
}

/** `POST /{phone-number-id}/messages` answers the message's id. */
export const WhatsAppSendAnswerSchema = z.looseObject({
  messages: z.array(z.looseObject({ id: z.string().min(1) })).min(1),
});

/** A Graph API error answer. */
export const WhatsAppErrorAnswerSchema = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
  }),
});

/** `GET /{waba-id}/message_templates`: a page of templates. */
export const WhatsAppTemplatesPageSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string().optional(),
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().optional(),
      components: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).default([]),
    }),
  ),
  paging: z.looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

/** `GET integrations/whatsapp/templates`: one template as the send box and the triggers offer it. */
export const WhatsAppTemplateSchema = z.strictObject({
  id: z.string().nullable(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().nullable(),
  /** The body's text with its {{n}} placeholders. */
  body: z.string().nullable(),
  parameterCount: z.number().int(),
});
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplateSchema>;

/** What a trigger or an agent may send: an approved template. */
export const isApprovedTemplate = (template: Pick<WhatsAppTemplate, 'status'>) => template.status.toUpperCase() === 'APPROVED';

export const WHATSAPP_TRIGGER_LABELS: Record<WhatsAppTriggerEvent, string> = {
  'lead.created': 'A new lead: the acknowledgement to its customer',
  'viewing.feedback': 'A viewing done: the request for a review, with its link',
};

/** `GET integrations/whatsapp/triggers`: each event and the template it sends (null: none). */
export const WhatsAppTriggerSchema = z.strictObject({
  event: z.enum(WHATSAPP_TRIGGER_EVENTS),
  label: z.string(),
  template: z.string().nullable(),
});
export type WhatsAppTrigger = z.infer<typeof WhatsAppTriggerSchema>;

/** `PATCH integrations/whatsapp/triggers`: the events to change; a template name sets, null clears. */
export const WhatsAppTriggersUpdateSchema = z.strictObject({
  triggers: z.partialRecord(z.enum(WHATSAPP_TRIGGER_EVENTS, { error: 'Unknown trigger.' }), WhatsAppTemplateNameSchema.nullable()),
});
export type WhatsAppTriggersUpdate = z.infer<typeof WhatsAppTriggersUpdateSchema>;

/** A stored phone number ('+971501234567') as a WhatsApp id (its E.164 digits, '971501234567'); null when invalid. */
export function whatsAppIdOf(phoneNumber: string | null | undefined): string | null {
  const parsed = phoneNumber ? parsePhoneNumberFromString(phoneNumber, 'AE') : undefined;
  return parsed?.isValid() ? parsed.number.slice(1) : null;
}

/** A WhatsApp id as our customer's phone code, number and stored phoneNumber (E.164); null when no valid number. */
export const phoneOfWhatsAppId = (waId: string) => (/^\d{5,20}$/.test(waId) ? splitPartnerPhone(`+${waId}`) : null);

/**
 * A new customer's name from their WhatsApp profile name: letters, marks, spaces and dashes kept (our customer
 * name rule), first word then the rest; 'WhatsApp Contact' when nothing readable is left.
 */
export function customerNameFromProfile(name: string | null | undefined): { firstName: string; lastName: string | null } {
  const words = (name ?? '')
    .replace(/[^\p{L}\p{M}\s_-]/gu, ' ')
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const [first, ...rest] = words;
  if (!first) return { firstName: 'WhatsApp', lastName: 'Contact' };
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) || null };
}

/** What a trigger fills a template's {{1}}, {{2}}, {{3}} with, in this order, per trigger. */
export const WHATSAPP_TRIGGER_VALUES_OF: Record<WhatsAppTriggerEvent, readonly string[]> = {
  'lead.created': ['the customer’s first name', 'the agent’s name', 'the lead ID'],
  'viewing.feedback': ['the customer’s first name', 'the agent’s name', 'the review link'],
};
export const WHATSAPP_TRIGGER_VALUES = WHATSAPP_TRIGGER_VALUES_OF['lead.created'];

/** A trigger's template values; null when the template takes more than a trigger can fill. */
export function triggerTemplateValues(
  parameterCount: number,
  lead: { customerFirstName: string; agentName: string | null; leadID: string },
): string[] | null {
  if (parameterCount > WHATSAPP_TRIGGER_VALUES.length) return null;
  return [lead.customerFirstName, lead.agentName || 'our team', lead.leadID].slice(0, parameterCount);
}

/** The feedback request's template values (the customer, the agent, the review page's link); null past three. */
export function feedbackTemplateValues(
  parameterCount: number,
  viewing: { customerFirstName: string; agentName: string | null; reviewUrl: string },
): string[] | null {
  if (parameterCount > WHATSAPP_TRIGGER_VALUES_OF['viewing.feedback'].length) return null;
  return [viewing.customerFirstName, viewing.agentName || 'our team', viewing.reviewUrl].slice(0, parameterCount);
}
