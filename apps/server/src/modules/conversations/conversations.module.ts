import type { ServerModule } from '../module.js';
import { conversationDoors } from './conversation.calls.js';

// Lead conversations (WhatsApp, Intercom): the calls under properties/leads/{id}/conversations. The providers'
// webhooks, jobs and lookups are the integrations module's (integrations/providers/whatsapp, intercom).
export const conversationsModule: ServerModule = { name: 'conversations', calls: [conversationDoors] };
