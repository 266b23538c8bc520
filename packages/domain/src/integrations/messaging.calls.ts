import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { INTERCOM_DATA_ATTRIBUTE_MODELS, IntercomDataAttributeSchema } from './intercom-api.js';
import {
  ASSET_INTEGRATIONS_PATH as base,
  INTEGRATIONS_ACCESS as access,
  INTEGRATIONS_TAG as tag,
  inPathAsset,
} from './provider-call-parts.js';
import { WhatsAppTemplateSchema, WhatsAppTriggerSchema, WhatsAppTriggersUpdateSchema } from './whatsapp-cloud.js';

// WhatsApp's and Intercom's lookups (docs/api.md 'WhatsApp', 'Intercom'), tRPC `integrations.*` in the active asset.
// Their public webhooks stay hand-written (raw bodies, signatures).

const whatsappTemplates = defineCall({
  operationId: 'integrations.whatsappTemplates',
  summary: "The WhatsApp Business account's message templates",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  output: z.array(WhatsAppTemplateSchema),
  rest: { method: 'GET', path: `${base}/whatsapp/templates`, ...inPathAsset, envelope: 'data' },
});

const whatsappTriggers = defineCall({
  operationId: 'integrations.whatsappTriggers',
  summary: 'Which template each event sends by itself',
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  output: z.array(WhatsAppTriggerSchema),
  rest: { method: 'GET', path: `${base}/whatsapp/triggers`, ...inPathAsset, envelope: 'data' },
});

const updateWhatsappTriggers = defineCall({
  operationId: 'integrations.updateWhatsappTriggers',
  summary: "Set (a template's name) or clear (null) the template an event sends",
  tag,
  access,
  scope: 'asset',
  kind: 'mutation',
  input: WhatsAppTriggersUpdateSchema,
  output: z.array(WhatsAppTriggerSchema),
  rest: {
    method: 'PATCH',
    path: `${base}/whatsapp/triggers`,
    ...inPathAsset,
    body: WhatsAppTriggersUpdateSchema,
    envelope: 'data',
    toInput: ({ body }) => body,
  },
});

const IntercomModelInputSchema = z.strictObject({ model: z.enum(INTERCOM_DATA_ATTRIBUTE_MODELS) });

/** One tRPC procedure for both models; REST has one path (and operationId) per model. */
const intercomAttributes = defineCall({
  operationId: 'integrations.intercomContactAttributes',
  summary: "Intercom's contact data attributes",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  input: IntercomModelInputSchema,
  output: z.array(IntercomDataAttributeSchema),
  rest: {
    method: 'GET',
    path: `${base}/intercom/contact-attributes-list`,
    ...inPathAsset,
    envelope: 'data',
    toInput: () => ({ model: 'contact' as const }),
  },
  restAlso: [
    {
      method: 'GET',
      path: `${base}/intercom/conversation-attributes-list`,
      ...inPathAsset,
      envelope: 'data',
      operationId: 'integrations.intercomConversationAttributes',
      summary: "Intercom's conversation data attributes",
      toInput: () => ({ model: 'conversation' as const }),
    },
  ],
});

export const whatsAppCalls = defineCalls('integrations', { whatsappTemplates, whatsappTriggers, updateWhatsappTriggers });
export const intercomCalls = defineCalls('integrations', { intercomAttributes });
