import { z } from 'zod';
import {
  LEAD_CALL_PERMISSIONS,
  LeadConversationResponseSchema,
  LeadConversationsResponseSchema,
  WhatsAppSendInputSchema,
  WhatsAppSendResultSchema,
  WhatsAppTemplateSchema,
} from '@crm/domain';
import { permissionProcedure, router } from '../../trpc/trpc.js';
import { leadWhatsAppTemplates, sendLeadWhatsApp } from '../integrations/index.js';
import { leadConversation, leadConversations } from './conversation.service.js';

// A lead's conversations, tRPC door onto the same services as conversations.routes.ts, in the active asset.
const P = LEAD_CALL_PERMISSIONS;
const read = permissionProcedure([...P.read]);
const update = permissionProcedure([...P.update]);
const LeadInput = z.strictObject({ lead: z.string().min(1).max(100) });

export const conversationsRouter = router({
  list: read
    .input(LeadInput)
    .output(LeadConversationsResponseSchema)
    .query(({ ctx, input }) => leadConversations(ctx.deps, ctx.assetId, input.lead)),
  one: read
    .input(LeadInput.extend({ id: z.string().min(1).max(100) }))
    .output(LeadConversationResponseSchema)
    .query(({ ctx, input }) => leadConversation(ctx.deps, ctx.assetId, input.lead, input.id)),
  whatsAppTemplates: update
    .input(LeadInput)
    .output(z.array(WhatsAppTemplateSchema))
    .query(({ ctx, input }) => leadWhatsAppTemplates(ctx.deps, ctx.assetId, input.lead)),
  sendWhatsApp: update
    .input(LeadInput.extend({ message: WhatsAppSendInputSchema }))
    .output(WhatsAppSendResultSchema)
    .mutation(({ ctx, input }) => sendLeadWhatsApp(ctx.deps, ctx.actor, ctx.assetId, input.lead, input.message)),
});
