import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { ProviderCallError } from '../../provider-call.js';
import { intercomForJob, usableIntercomAccount } from './intercom-client.js';
import { customerContactOf, pushContact } from './intercom-contacts.js';

// A customer pushed to Intercom as a contact (docs/api.md 'Intercom'), after each save that creates them or changes
// their name, email or phone (customer.resource.ts), when the asset's Intercom is configured and on. The job id
// names the customer and the save, so a repeat of one save joins the waiting job. 408, 429, 5xx and no answer retry;
// Intercom's refusal ends the job with its reason.

export const intercomContactPushJob = defineJob({
  id: 'intercom-contact-push',
  payload: z.strictObject({ assetId: z.uuid(), customerId: z.uuid() }),
  concurrency: 4,
  ...providerJobPolicy('intercom'),
  handle: async ({ assetId, customerId }, { deps }) => {
    try {
      return await pushCustomer(deps, assetId, customerId);
    } catch (error) {
      if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
  },
});

export async function pushCustomer(deps: Pick<AppDeps, 'db' | 'env' | 'log'>, assetId: string, customerId: string) {
  const account = await usableIntercomAccount(deps, assetId);
  if (!account) return { skipped: 'Intercom is not configured or is off' };
  const customer = await deps.db.customer.findFirst({
    where: { id: customerId, assetId, deletedAt: null },
    select: { id: true, fullName: true, email: true, phoneNumber: true },
  });
  if (!customer) return { skipped: 'no such customer' };
  return pushContact(deps, account, customerContactOf(customer), intercomForJob);
}

/** After a customer's save: queues their push when the asset's Intercom is on. */
export async function queueIntercomContactPush(
  deps: Pick<AppDeps, 'db' | 'log'> & Partial<Pick<AppDeps, 'env' | 'jobs'>>,
  input: { assetId: string; customerId: string; trigger: string },
): Promise<void> {
  const { env, jobs } = deps;
  if (!env || !jobs) return;
  if (!(await usableIntercomAccount({ db: deps.db, env }, input.assetId))) return;
  // A failure to queue is the caller's to retry (the customer.written subscriber's: the outbox sweeps it again).
  await jobs.enqueue(
    intercomContactPushJob,
    { assetId: input.assetId, customerId: input.customerId },
    { jobId: `intercom-contact-${input.customerId}-${input.trigger}` },
  );
}
