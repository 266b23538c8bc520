import { UnrecoverableError } from 'bullmq';
import { REVIEW_TRIGGERS, SYNC_JOB_POLICY, type ReviewTrigger } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { storedConfig } from '../../integration-record.js';
import { ProviderCallError } from '../../provider-call.js';
import { usableIntegration } from '../oauth-grants.js';
import { LABEL, sendEmailInvitation, trustpilotToken } from './trustpilot-client.js';

// The Trustpilot review invitation (docs/api.md 'Trustpilot'): after the moment the integration's `trigger` names (a
// viewing marked done, or a lead reaching a won stage), the customer is invited once per trigger: the ReviewInvitation
// row, unique per (asset, customer, trigger), is the lasting guard, and the job id merges repeats meanwhile. Under the
// row's lock the job checks it is still queued, sends, and marks it sent (or skipped: no email; failed: refused, or
// the last attempt). 408, 429, 5xx and no answer are retried under provider-job-policy.ts.

export const INVITATION_ATTEMPTS = SYNC_JOB_POLICY.attempts;

const PayloadSchema = z.strictObject({
  assetId: z.uuid(),
  customerId: z.uuid(),
  trigger: z.enum(REVIEW_TRIGGERS),
  leadId: z.uuid().nullable(),
  viewingId: z.uuid().nullable(),
});
export type InvitationRequest = z.infer<typeof PayloadSchema>;

type JobDeps = Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>;
const key = (input: Pick<InvitationRequest, 'assetId' | 'customerId' | 'trigger'>) => ({
  assetId_customerId_trigger: { assetId: input.assetId, customerId: input.customerId, trigger: input.trigger },
});

export const trustpilotInvitationJob = defineJob({
  id: 'trustpilot-invitation',
  payload: PayloadSchema,
  ...providerJobPolicy('trustpilot'),
  handle: async (payload, { deps, job }) => {
    try {
      return await inviteCustomer(deps, payload);
    } catch (error) {
      const retryable = error instanceof ProviderCallError && error.retryable;
      if (retryable && job.attemptsMade + 1 < INVITATION_ATTEMPTS) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.reviewInvitation.updateMany({
        where: { ...key(payload).assetId_customerId_trigger, status: 'queued' },
        data: { status: 'failed', error: message.slice(0, 500) },
      });
      throw new UnrecoverableError(message);
    }
  },
});

export type InvitationOutcome = 'sent' | 'skipped' | 'already';

/** Invites the customer unless this trigger already did; answers what happened. */
export async function inviteCustomer(deps: JobDeps, input: InvitationRequest): Promise<InvitationOutcome> {
  await deps.db.reviewInvitation.createMany({
    data: [
      { assetId: input.assetId, customerId: input.customerId, trigger: input.trigger, leadId: input.leadId, viewingId: input.viewingId },
    ],
    skipDuplicates: true,
  });
  return deps.db.$transaction(
    async (tx): Promise<InvitationOutcome> => {
      const [invitation] = await tx.$queryRaw<{ id: string; status: string }[]>`
        SELECT id, status FROM "ReviewInvitation"
        WHERE "assetId" = ${input.assetId}::uuid AND "customerId" = ${input.customerId}::uuid AND trigger = ${input.trigger}
        FOR UPDATE`;
      if (invitation?.status !== 'queued') return 'already';
      const skip = async (reason: string) => {
        await tx.reviewInvitation.update({ where: { id: invitation.id }, data: { status: 'skipped', error: reason } });
        return 'skipped' as const;
      };
      const row = await usableIntegration(deps, input.assetId, 'trustpilot');
      if (!row || storedConfig(row).trigger !== input.trigger) return skip(`${LABEL} does not invite after ${input.trigger}.`);
      const customer = await tx.customer.findFirst({
        where: { id: input.customerId, assetId: input.assetId },
        select: { fullName: true, email: true, companyId: true },
      });
      if (!customer?.email) return skip('The customer has no email address.');
      const company = await tx.company.findUniqueOrThrow({ where: { id: customer.companyId }, select: { name: true } });
      const token = await trustpilotToken(deps, row);
      await sendEmailInvitation(deps, row, token, {
        referenceNumber: invitation.id,
        consumerName: customer.fullName,
        consumerEmail: customer.email,
        senderName: company.name,
        tags: [input.trigger],
      });
      await tx.reviewInvitation.update({ where: { id: invitation.id }, data: { status: 'sent', sentAt: deps.clock.now(), error: null } });
      return 'sent';
    },
    { timeout: 60_000 },
  );
}

/**
 * Queues the invitation of a trigger that just happened, when Trustpilot is on for the asset with that trigger and
 * this customer has not been invited for it yet.
 */
export async function queueReviewInvitation(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  input: { assetId: string; customerId: string; trigger: ReviewTrigger; leadId: string | null; viewingId?: string | null },
): Promise<void> {
  const row = await usableIntegration(deps, input.assetId, 'trustpilot');
  if (!row || storedConfig(row).trigger !== input.trigger) return;
  if (await deps.db.reviewInvitation.findUnique({ where: key(input), select: { id: true } })) return;
  await deps.jobs.enqueue(
    trustpilotInvitationJob,
    {
      assetId: input.assetId,
      customerId: input.customerId,
      trigger: input.trigger,
      leadId: input.leadId,
      viewingId: input.viewingId ?? null,
    },
    { jobId: `trustpilot-invitation-${input.assetId}-${input.customerId}-${input.trigger}` },
  );
}
