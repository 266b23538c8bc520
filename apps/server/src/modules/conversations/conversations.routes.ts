import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAD_CALL_PERMISSIONS,
  LeadAssetQuerySchema,
  LeadConversationResponseSchema,
  LeadConversationsResponseSchema,
  oneResponseSchema,
  WhatsAppSendInputSchema,
  WhatsAppSendResultSchema,
  WhatsAppTemplateSchema,
} from '@crm/domain';
import { actorOf, assetOf } from '../../plugins/auth.plugin.js';
import { leadWhatsAppTemplates, sendLeadWhatsApp } from '../integrations/index.js';
import { leadConversation, leadConversations } from './conversation.service.js';

// A lead's conversations (docs/api.md 'Lead conversations'), REST door under properties/leads/{id}/conversations.
const BASE = '/api/properties/leads/:id/conversations';
const tags = ['leads'];
const P = LEAD_CALL_PERMISSIONS;
const IdParams = z.object({ id: z.string().max(100) });

export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    BASE,
    {
      config: { permissions: [...P.read] },
      schema: {
        tags,
        operationId: 'leads.conversations',
        summary: "The lead's WhatsApp and Intercom conversations, latest message first",
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        response: { 200: LeadConversationsResponseSchema },
      },
    },
    async (req) => leadConversations(deps, assetOf(req), req.params.id),
  );

  app.get(
    `${BASE}/:conversationId`,
    {
      config: { permissions: [...P.read] },
      schema: {
        tags,
        operationId: 'leads.conversation',
        summary: 'One conversation of the lead with its messages, oldest first',
        params: IdParams.extend({ conversationId: z.string().max(100) }),
        querystring: LeadAssetQuerySchema,
        response: { 200: LeadConversationResponseSchema },
      },
    },
    async (req) => leadConversation(deps, assetOf(req), req.params.id, req.params.conversationId),
  );

  app.get(
    `${BASE}/whatsapp/templates`,
    {
      config: { permissions: [...P.update] },
      schema: {
        tags,
        operationId: 'leads.whatsAppTemplates',
        summary: "The approved WhatsApp templates that may be sent to the lead's customer",
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        response: { 200: oneResponseSchema(z.array(WhatsAppTemplateSchema)) },
      },
    },
    async (req) => ({ data: await leadWhatsAppTemplates(deps, assetOf(req), req.params.id) }),
  );

  app.post(
    `${BASE}/whatsapp/messages`,
    {
      config: { permissions: [...P.update] },
      schema: {
        tags,
        operationId: 'leads.sendWhatsApp',
        summary: "Send a WhatsApp template (any time) or free text (within 24 h of the customer's last message)",
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        body: WhatsAppSendInputSchema,
        response: { 201: oneResponseSchema(WhatsAppSendResultSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await sendLeadWhatsApp(deps, actorOf(req), assetOf(req), req.params.id, req.body) }),
  );
}
