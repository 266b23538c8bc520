import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { WhatsAppTemplateSchema } from '../integrations/whatsapp-cloud.js';
import { LEAD_CALL_PERMISSIONS as P } from '../leads/lead-engine.constants.js';
import { LeadAssetQuerySchema } from '../leads/lead-calls.schemas.js';
import {
  LeadConversationResponseSchema,
  LeadConversationsResponseSchema,
  WhatsAppSendInputSchema,
  WhatsAppSendResultSchema,
} from './conversation.schemas.js';

// A lead's conversations (docs/api.md 'Lead conversations'), in the caller's active (or named) asset. REST names the
// lead in the path (`id`), tRPC in the input (`lead`): the declarations say how the path makes the input.
const BASE = '/api/properties/leads/:id/conversations';
const tag = 'leads';
const id = z.string().max(100);
const LeadParams = z.object({ id });
const LeadInput = z.strictObject({ lead: z.string().min(1).max(100) });

const list = defineCall({
  operationId: 'leads.conversations',
  summary: "The lead's WhatsApp and Intercom conversations, latest message first",
  tag,
  access: P.read,
  scope: 'asset',
  kind: 'query',
  input: LeadInput,
  output: LeadConversationsResponseSchema,
  rest: {
    method: 'GET',
    path: BASE,
    params: LeadParams,
    query: LeadAssetQuerySchema,
    envelope: 'bare',
    toInput: ({ params }) => ({ lead: params.id }),
  },
});

const one = defineCall({
  operationId: 'leads.conversation',
  summary: 'One conversation of the lead with its messages, oldest first',
  tag,
  access: P.read,
  scope: 'asset',
  kind: 'query',
  input: LeadInput.extend({ id: z.string().min(1).max(100) }),
  output: LeadConversationResponseSchema,
  rest: {
    method: 'GET',
    path: `${BASE}/:conversationId`,
    params: LeadParams.extend({ conversationId: id }),
    query: LeadAssetQuerySchema,
    envelope: 'bare',
    toInput: ({ params }) => ({ lead: params.id, id: params.conversationId }),
  },
});

const whatsAppTemplates = defineCall({
  operationId: 'leads.whatsAppTemplates',
  summary: "The approved WhatsApp templates that may be sent to the lead's customer",
  tag,
  access: P.update,
  scope: 'asset',
  kind: 'query',
  input: LeadInput,
  output: z.array(WhatsAppTemplateSchema),
  rest: {
    method: 'GET',
    path: `${BASE}/whatsapp/templates`,
    params: LeadParams,
    query: LeadAssetQuerySchema,
    envelope: 'data',
    toInput: ({ params }) => ({ lead: params.id }),
  },
});

const sendWhatsApp = defineCall({
  operationId: 'leads.sendWhatsApp',
  summary: "Send a WhatsApp template (any time) or free text (within 24 h of the customer's last message)",
  tag,
  access: P.update,
  scope: 'asset',
  kind: 'mutation',
  input: LeadInput.extend({ message: WhatsAppSendInputSchema }),
  output: WhatsAppSendResultSchema,
  rest: {
    method: 'POST',
    path: `${BASE}/whatsapp/messages`,
    params: LeadParams,
    query: LeadAssetQuerySchema,
    body: WhatsAppSendInputSchema,
    status: 201,
    envelope: 'data',
    toInput: ({ params, body }) => ({ lead: params.id, message: body }),
  },
});

export const conversationCalls = defineCalls('conversations', { list, one, whatsAppTemplates, sendWhatsApp });
