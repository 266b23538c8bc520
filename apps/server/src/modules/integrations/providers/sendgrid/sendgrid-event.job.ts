import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { customerContract, SENDGRID_EMAIL_STATUS_EVENTS, SendGridEventSchema } from '@crm/domain';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { recordActivity } from '../../../../resources/activity-log.js';

// One stored SendGrid event (sendgrid-webhook.ts): a bounce, drop, unsubscribe or spam report marks every live
// customer of the asset with that address (emailStatus, emailStatusAt), unless a later event already did. Safe to
// run twice: the event's row says whether it was processed, and the status is set under the same condition.

export const sendGridEventJob = defineJob({
  id: 'sendgrid-event',
  payload: z.strictObject({ webhookEventId: z.uuid() }),
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ webhookEventId }, { deps }) => {
    const event = await deps.db.webhookEvent.findUnique({ where: { id: webhookEventId } });
    if (!event || event.status === 'processed') return { skipped: 'already processed' };
    const parsed = SendGridEventSchema.safeParse(event.payload);
    if (!parsed.success) throw new UnrecoverableError('The stored SendGrid event is not one SendGrid sends.');
    const status = SENDGRID_EMAIL_STATUS_EVENTS[parsed.data.event as keyof typeof SENDGRID_EMAIL_STATUS_EVENTS];
    const at = new Date(parsed.data.timestamp * 1000);
    const now = deps.clock.now();
    const marked = await deps.db.$transaction(async (tx) => {
      const customers = await tx.customer.findMany({
        where: {
          assetId: event.assetId,
          deletedAt: null,
          email: { equals: parsed.data.email, mode: 'insensitive' },
          OR: [{ emailStatusAt: null }, { emailStatusAt: { lt: at } }],
        },
        select: { id: true, companyId: true, emailStatus: true, emailStatusAt: true },
      });
      for (const customer of customers) {
        await tx.customer.update({ where: { id: customer.id }, data: { emailStatus: status, emailStatusAt: at } });
        await recordActivity(
          tx,
          [
            {
              userId: null,
              companyId: customer.companyId,
              assetId: event.assetId,
              action: 'update',
              subjectType: customerContract.name,
              subjectId: customer.id,
              before: { emailStatus: customer.emailStatus, emailStatusAt: customer.emailStatusAt },
              after: { emailStatus: status, emailStatusAt: at },
            },
          ],
          now,
        );
      }
      await tx.webhookEvent.update({ where: { id: event.id }, data: { status: 'processed', processedAt: now } });
      return customers.length;
    });
    return { status, customers: marked };
  },
});
