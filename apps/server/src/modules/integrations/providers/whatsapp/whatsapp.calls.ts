import { whatsAppCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { updateWhatsAppTriggers, whatsAppTemplates, whatsAppTriggers } from './whatsapp-settings.service.js';

// WhatsApp's lookups, both doors from their declarations (packages/domain messaging.calls.ts).
export const whatsAppDoors = serveCalls(whatsAppCalls, {
  whatsappTemplates: ({ deps, actor, asset }) => whatsAppTemplates(deps, actor, asset),
  whatsappTriggers: ({ deps, actor, asset }) => whatsAppTriggers(deps, actor, asset),
  updateWhatsappTriggers: ({ deps, actor, asset, input }) => updateWhatsAppTriggers(deps, actor, asset, input),
});
