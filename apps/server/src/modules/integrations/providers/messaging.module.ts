import type { ServerModule } from '../../module.js';
import { intercomContactPushJob } from './intercom/intercom-contact-push.job.js';
import { messagingRoutes } from './messaging.routes.js';
import { whatsAppEventJob } from './whatsapp/whatsapp-event.job.js';
import { whatsAppTriggerJob } from './whatsapp/whatsapp-trigger.job.js';

// The messaging providers (docs/api.md 'WhatsApp', 'Intercom'): WhatsApp's webhook, lookups, event and trigger jobs;
// Intercom's lookups and contact pushes. A lead's conversations are served by the conversations module.
export const messagingModule: ServerModule = {
  name: 'messaging',
  routes: messagingRoutes,
  jobs: [whatsAppEventJob, whatsAppTriggerJob, intercomContactPushJob],
};
