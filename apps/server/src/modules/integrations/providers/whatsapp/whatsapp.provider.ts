import { hasKey } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { whatsAppEventJob } from './whatsapp-event.job.js';
import { whatsAppFeedbackJob, whatsAppTriggerJob } from './whatsapp-trigger.job.js';
import { whatsAppWebhookRoutes } from './whatsapp-webhook.routes.js';
import { whatsAppDoors } from './whatsapp.calls.js';
import { whatsAppOnFeedbackRequested, whatsAppOnLeadCreated } from './whatsapp.subscribers.js';

// WhatsApp (docs/api.md 'WhatsApp'): its webhook, templates and triggers; a lead's conversations are the
// conversations module's.
export const whatsAppProvider = defineProvider(() => ({
  name: 'whatsapp',
  // Graph API: the business phone number the config names, readable with the account's access token.
  connection: {
    probe: ({ config, secrets }) => ({
      method: 'GET',
      path: `/${encodeURIComponent(String(config.phoneNumberId ?? ''))}?fields=display_phone_number,verified_name`,
      headers: { accept: 'application/json', authorization: `Bearer ${secrets.accessToken}` },
      accepts: (status, json) => status === 200 && hasKey(json, 'display_phone_number'),
    }),
  },
  jobs: [whatsAppEventJob, whatsAppTriggerJob, whatsAppFeedbackJob],
  subscribers: [whatsAppOnLeadCreated, whatsAppOnFeedbackRequested],
  calls: [whatsAppDoors],
  webhookRoutes: whatsAppWebhookRoutes,
}));
