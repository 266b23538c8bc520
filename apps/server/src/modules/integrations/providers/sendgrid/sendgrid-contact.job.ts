import { z } from 'zod';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { activeIntegration, asProviderJob } from '../../active-integration.js';
import { marketingContact } from '../marketing-contact.js';
import { upsertContacts } from './sendgrid-client.js';

// One customer into the SendGrid Marketing lists of the asset (defaultListIds), queued after the customer's write
// (customer-marketing-sync.ts). Safe to run twice: SendGrid upserts contacts by email. 408, 429, 5xx and no answer
// are retried (provider-job-policy.ts); another refusal ends the job, shown in Admin > System logs.

export const sendGridContactJob = defineJob({
  id: 'sendgrid-contact',
  payload: z.strictObject({ assetId: z.uuid(), customerId: z.uuid() }),
  ...providerJobPolicy('sendgrid'),
  handle: async ({ assetId, customerId }, { deps }) => {
    const integration = await activeIntegration(deps, assetId, 'sendgrid');
    if (integration?.config.syncCustomers !== true) return { skipped: 'SendGrid customer sync is off' };
    const contact = await marketingContact(deps, assetId, customerId);
    if (!contact) return { skipped: 'no email' };
    const jobId = await asProviderJob(() => upsertContacts(deps, integration, [contact]));
    return { jobId };
  },
});
