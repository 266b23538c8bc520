import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import type { ResourceDeps } from '../../resources/resource.types.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { providerJobPolicy } from './provider-job-policy.js';
import { dncrCacheDays, dncrIntegration, lookupNumber } from './dncr-client.js';

// The Do Not Call Registry check of a customer's number, queued after the write that created the customer or
// changed the number (and after a lead of theirs is created), never inside it: a slow or failing registry does not
// hold up a save. The answer is stored on the customer and every live lead of theirs. Safe to run twice: it reads
// the number again and writes the same answer.

const DAY_MS = 24 * 60 * 60 * 1000;

export const dncrCheckJob = defineJob({
  id: 'dncr-check',
  payload: z.strictObject({ assetId: z.uuid(), customerId: z.uuid(), force: z.boolean() }),
  ...providerJobPolicy('dncr'),
  handle: async ({ assetId, customerId, force }, { deps }) => {
    const row = await dncrIntegration(deps, assetId);
    if (!row) return { skipped: 'no DNCR integration' };
    const customer = await deps.db.customer.findFirst({
      where: { id: customerId, assetId, deletedAt: null },
      select: { phoneNumber: true, dncrStatus: true, dncrCheckedAt: true },
    });
    if (!customer?.phoneNumber) return { skipped: 'no number' };
    const now = deps.clock.now();
    const fresh =
      customer.dncrStatus && customer.dncrCheckedAt && now.getTime() - customer.dncrCheckedAt.getTime() < dncrCacheDays(row) * DAY_MS;
    const status = !force && fresh ? (customer.dncrStatus as string) : await lookupNumber(deps, row, customer.phoneNumber);
    const checkedAt = !force && fresh ? (customer.dncrCheckedAt as Date) : now;
    await deps.db.$transaction([
      deps.db.customer.update({ where: { id: customerId }, data: { dncrStatus: status, dncrCheckedAt: checkedAt } }),
      deps.db.lead.updateMany({ where: { customerId, assetId, deletedAt: null }, data: { dncrStatus: status, dncrCheckedAt: checkedAt } }),
    ]);
    return { status };
  },
});

/**
 * Queues the check when the asset has a DNCR integration that answers by API; `force` asks the registry even if
 * the customer's last answer is recent (a new or changed number).
 */
export async function queueDncrCheck(
  deps: ResourceDeps | Pick<AppDeps, 'db' | 'jobs'>,
  input: { assetId: string; customerId: string; force: boolean; trigger: string },
): Promise<void> {
  if (!deps.jobs || !(await dncrIntegration(deps, input.assetId))) return;
  await deps.jobs.enqueue(
    dncrCheckJob,
    { assetId: input.assetId, customerId: input.customerId, force: input.force },
    { jobId: `dncr-${input.customerId}-${input.trigger}` },
  );
}
