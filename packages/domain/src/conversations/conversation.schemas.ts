import { z } from 'zod';
import { PaginatorMetaSchema } from '../list/list-response.schema.js';
import { CONVERSATION_MESSAGES as M } from './conversation-messages.js';

// A lead's conversations (docs/api.md 'Lead conversations'): GET properties/leads/{id}/conversations lists them,
// {id}/conversations/{conversationId} answers one with its messages, POST {id}/conversations/whatsapp/messages sends.

export const CONVERSATION_CHANNELS = ['whatsapp', 'intercom'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
export const CONVERSATION_CHANNEL_LABELS: Record<ConversationChannel, string> = { whatsapp: 'WhatsApp', intercom: 'Intercom' };

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** received: an inbound message; sent, delivered, read, failed: an outbound one, as the provider reports it. */
export const MESSAGE_STATUSES = ['received', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  received: 'Received',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};
/** Provider status webhooks may arrive out of order: a status never goes back to a lower rank (failed is final). */
export const MESSAGE_STATUS_RANK: Record<MessageStatus, number> = { received: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** WhatsApp's customer service window: free text only within this many hours of the customer's last message. */
export const WHATSAPP_FREE_TEXT_WINDOW_HOURS = 24;
export const WHATSAPP_TEXT_MAX = 4096;

/** Until when free text may be sent (null: never, the customer has not written yet). */
export function whatsAppFreeTextUntil(lastInboundAt: Date | string | null | undefined): Date | null {
  if (!lastInboundAt) return null;
  const at = new Date(lastInboundAt);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime() + WHATSAPP_FREE_TEXT_WINDOW_HOURS * 3_600_000);
}

export const mayReplyFreely = (lastInboundAt: Date | string | null | undefined, now: Date): boolean => {
  const until = whatsAppFreeTextUntil(lastInboundAt);
  return until !== null && now.getTime() < until.getTime();
};

const iso = z.iso.datetime({ offset: true });

export const MessageSchema = z.strictObject({
  _id: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  body: z.string().nullable(),
  templateName: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  externalId: z.string(),
  /** The customer's name (in), the agent's (out), 'System' for an automatic send. */
  authorName: z.string().nullable(),
  /** The automatic send that wrote it (e.g. lead.created). */
  trigger: z.string().nullable(),
  /** Why the provider failed it. */
  error: z.string().nullable(),
  sentAt: iso,
  deliveredAt: iso.nullable(),
  readAt: iso.nullable(),
  failedAt: iso.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z.strictObject({
  _id: z.string(),
  lead: z.string(),
  customer: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  externalId: z.string(),
  subject: z.string().nullable(),
  lastInboundAt: iso.nullable(),
  lastMessageAt: iso.nullable(),
  messageCount: z.number().int(),
  lastMessage: MessageSchema.nullable(),
  /** WhatsApp: until when free text may be sent (24 hours after the customer's last message); null otherwise. */
  freeTextUntil: iso.nullable(),
  createdAt: iso,
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationSchema = ConversationSummarySchema.extend({ messages: z.array(MessageSchema) });
export type Conversation = z.infer<typeof ConversationSchema>;

/** GET {id}/conversations: the lead's conversations, latest message first; `warnings` say what could not be read now. */
export const LeadConversationsResponseSchema = z.object({
  data: z.array(ConversationSummarySchema),
  meta: PaginatorMetaSchema,
  warnings: z.array(z.string()),
});
export type LeadConversationsResponse = z.infer<typeof LeadConversationsResponseSchema>;

/** GET {id}/conversations/{conversationId}. */
export const LeadConversationResponseSchema = z.object({ data: ConversationSchema, warnings: z.array(z.string()) });
export type LeadConversationResponse = z.infer<typeof LeadConversationResponseSchema>;

/** Meta's template names: lower-case letters, digits and underscores. */
export const WhatsAppTemplateNameSchema = z
  .string({ error: M.templateRequired })
  .trim()
  .min(1, { error: M.templateRequired, abort: true })
  .max(512, { error: M.templateNameInvalid })
  .regex(/^[a-z0-9_]+$/, { error: M.templateNameInvalid });

export const WhatsAppTemplateSendSchema = z.strictObject({
  name: WhatsAppTemplateNameSchema,
  /** Meta's language code (en, ar, en_US...); the integration's template language when left out. */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'Template language is invalid.' })
    .optional(),
  /** The values of the template's body {{1}}, {{2}}... in order. */
  parameters: z
    .array(z.string().trim().max(1024, { error: 'A template value must be at most 1024 characters.' }))
    .max(20)
    .default([])
    .superRefine((values, ctx) => {
      values.forEach((value, i) => {
        if (!value) ctx.addIssue({ code: 'custom', path: [i], message: M.templateParameterRequired(i + 1) });
      });
    }),
});

/** POST {id}/conversations/whatsapp/messages: free text (only within the 24-hour window) or a template (any time). */
export const WhatsAppSendInputSchema = z
  .strictObject({
    text: z
      .string()
      .trim()
      .max(WHATSAPP_TEXT_MAX, { error: M.textTooLong(WHATSAPP_TEXT_MAX) })
      .optional(),
    template: WhatsAppTemplateSendSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.text && !value.template) ctx.addIssue({ code: 'custom', path: ['text'], message: M.messageRequired });
    if (value.text && value.template) ctx.addIssue({ code: 'custom', path: ['text'], message: M.textOrTemplate });
  });
export type WhatsAppSendInput = z.infer<typeof WhatsAppSendInputSchema>;
export type WhatsAppSendFormInput = z.input<typeof WhatsAppSendInputSchema>;

/** The 409 of a free text outside the window: data { reason, freeTextUntil }. */
export const FREE_TEXT_WINDOW_CLOSED = 'FREE_TEXT_WINDOW_CLOSED';

/** The answer of a send: the message as stored, in its conversation. */
export const WhatsAppSendResultSchema = z.strictObject({ conversation: z.string(), message: MessageSchema });
export type WhatsAppSendResult = z.infer<typeof WhatsAppSendResultSchema>;

/** `{{1}}`, `{{2}}`...: how many values a template's body takes (the highest placeholder). */
export function templateParameterCount(body: string | null | undefined): number {
  let count = 0;
  for (const match of (body ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) count = Math.max(count, Number(match[1]));
  return count;
}

/** A template's body with its {{n}} filled from `parameters` (what the customer reads); unfilled ones stay. */
export function fillTemplate(body: string | null | undefined, parameters: readonly string[]): string | null {
  if (!body) return null;
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (placeholder, n: string) => parameters[Number(n) - 1] ?? placeholder);
}
