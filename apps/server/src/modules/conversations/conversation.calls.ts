import { conversationCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { leadWhatsAppTemplates, sendLeadWhatsApp } from '../integrations/index.js';
import { leadConversation, leadConversations } from './conversation.service.js';

// A lead's conversations, both doors from the declarations (packages/domain conversation.calls.ts).
export const conversationDoors = serveCalls(conversationCalls, {
  list: ({ deps, asset, input }) => leadConversations(deps, asset, input.lead),
  one: ({ deps, asset, input }) => leadConversation(deps, asset, input.lead, input.id),
  whatsAppTemplates: ({ deps, asset, input }) => leadWhatsAppTemplates(deps, asset, input.lead),
  sendWhatsApp: ({ deps, actor, asset, input }) => sendLeadWhatsApp(deps, actor, asset, input.lead, input.message),
});
