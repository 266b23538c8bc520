import { z } from 'zod';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { activeIntegration, asProviderJob } from '../../active-integration.js';
import { marketingContact } from '../marketing-contact.js';
import { syncContact } from './activecampaign-client.js';

// One customer to ActiveCampaign (contact, list, tags), queued after the customer's write
// (customer-marketing-sync.ts). Safe to run twice: contact/sync is by email, and a list or tag given twice stays one.
// 408, 429, 5xx and no answer are retried; another refusal ends the job (Admin > System logs).

export const activeCampaignContactJob = defineJob({
  id: 'activecampaign-contact',
  payload: z.strictObject({ assetId: z.uuid(), customerId: z.uuid() }),
  ...providerJobPolicy('activecampaign'),
  handle: async ({ assetId, customerId }, { deps }) => {
    const integration = await activeIntegration(deps, assetId, 'activecampaign');
    if (!integration) return { skipped: 'ActiveCampaign is off' };
    const contact = await marketingContact(deps, assetId, customerId);
    if (!contact) return { skipped: 'no email' };
    return { contactId: await asProviderJob(() => syncContact(deps, integration, contact)) };
  },
});
