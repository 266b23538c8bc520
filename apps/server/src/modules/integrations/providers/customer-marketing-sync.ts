import type { AppDeps } from '../../../core/deps.js';
import type { ResourceDeps } from '../../../resources/resource.types.js';
import { activeIntegration } from '../active-integration.js';
import { activeCampaignContactJob } from './activecampaign/activecampaign-contact.job.js';
import { sendGridContactJob } from './sendgrid/sendgrid-contact.job.js';

// After a customer write (customer.resource.ts afterCommit): the customer goes to the asset's marketing providers
// in jobs, never inside the save. SendGrid when its `syncCustomers` is on; ActiveCampaign whenever it is on. The job
// id names the customer and the write, so a repeated delivery of one write is one job; the job reads the customer
// when it runs, so it sends what is stored then.

export async function queueCustomerMarketingSync(
  deps: ResourceDeps | Pick<AppDeps, 'db' | 'env' | 'jobs'>,
  input: { assetId: string; customerId: string; version: string },
): Promise<void> {
  const { jobs, env } = deps;
  if (!jobs || !env) return;
  const [sendgrid, activecampaign] = await Promise.all([
    activeIntegration({ db: deps.db, env }, input.assetId, 'sendgrid'),
    activeIntegration({ db: deps.db, env }, input.assetId, 'activecampaign'),
  ]);
  const payload = { assetId: input.assetId, customerId: input.customerId };
  if (sendgrid?.config.syncCustomers === true)
    await jobs.enqueue(sendGridContactJob, payload, { jobId: `sendgrid-contact-${input.customerId}-${input.version}` });
  if (activecampaign)
    await jobs.enqueue(activeCampaignContactJob, payload, { jobId: `activecampaign-contact-${input.customerId}-${input.version}` });
}
