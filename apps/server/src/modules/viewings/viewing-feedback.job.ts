import { formatInZone, VIEWING_REVIEW_PAGE, viewingFeedbackAt, viewingFeedbackMail, VIEWING_STATUS, viewingContract } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { recordActivity } from '../../resources/activity-log.js';
import { readViewingSettings } from '../assets/index.js';
import { signReviewLink } from '../reviews/index.js';
import type { ViewingTimes } from './viewing-follow-up.js';
import { lockRows } from '../../resources/unit-of-work.js';
import { deliverRecordedEvents, type RecordedEvents, recordEvents } from '../../core/events/domain-event-outbox.js';

// The customer's feedback request after a viewing is done (Viewing settings: feedbackDelayHours after its end): one
// delayed job per viewing. Under the viewing's row lock it checks that the viewing is done and not yet asked, mails the
// customer the review page's signed link (it lasts the settings' reviewLinkDays), stamps feedbackRequestedAt
// (activity log), logs the mail (Admin > Notification logs) and records viewing.feedback_requested (WhatsApp's
// trigger; alone for a customer without email). A repeat finds the stamp and does nothing; a failed mail is retried.

export const viewingFeedbackJob = defineJob({
  id: 'viewing-feedback',
  payload: z.strictObject({ viewingId: z.uuid() }),
  attempts: 3,
  backoffMs: 60_000,
  handle: async ({ viewingId }, { deps }) => requestViewingFeedback(deps, viewingId),
});

type FeedbackOutcome = { requested: true } | { requested: false; reason: string };
type FeedbackDeps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'env' | 'log'> & Partial<Pick<AppDeps, 'events' | 'jobs' | 'redis'>>;

export async function requestViewingFeedback(deps: FeedbackDeps, viewingId: string): Promise<FeedbackOutcome> {
  let recorded: RecordedEvents = [];
  const outcome = await deps.db.$transaction(
    async (tx): Promise<FeedbackOutcome> => {
      await lockRows(tx, 'Viewing', [viewingId]);
      const viewing = await tx.viewing.findUnique({
        where: { id: viewingId },
        select: {
          status: true,
          feedbackRequestedAt: true,
          companyId: true,
          assetId: true,
          leadId: true,
          customer: { select: { fullName: true, email: true } },
          listing: { select: { reference: true, title: true } },
          project: { select: { name: true } },
          agent: { select: { name: true } },
        },
      });
      if (!viewing || viewing.status !== VIEWING_STATUS.DONE) return { requested: false, reason: 'not done' };
      if (viewing.feedbackRequestedAt) return { requested: false, reason: 'already requested' };
      const now = deps.clock.now();
      const settings = await readViewingSettings(tx, viewing.assetId);
      const expiresAt = new Date(now.getTime() + settings.reviewLinkDays * 86_400_000);
      const email = viewing.customer?.email;
      // The event lets WhatsApp ask too (or alone, for a customer without email); it signs its own link.
      const asked = (mailed: boolean) =>
        recordEvents(
          tx,
          [
            {
              type: 'viewing.feedback_requested',
              companyId: viewing.companyId,
              assetId: viewing.assetId,
              subject: { type: viewingContract.name, id: viewingId },
              payload: {
                viewingId,
                assetId: viewing.assetId,
                leadId: viewing.leadId,
                mailed,
                expiresAt: expiresAt.toISOString(),
                at: now.toISOString(),
              },
            },
          ],
          now,
        );
      if (!email) {
        recorded = await asked(false);
        return { requested: false, reason: 'no customer email' };
      }
      const company = await tx.company.findUniqueOrThrow({ where: { id: viewing.companyId }, select: { name: true } });
      const asset = await tx.asset.findUniqueOrThrow({ where: { id: viewing.assetId }, select: { timezone: true } });
      const token = signReviewLink(deps.env, { viewingId, expiresAt });
      const pageUrl = (language: 'en' | 'ar') => new URL(VIEWING_REVIEW_PAGE.link(token, language), deps.env.APP_URL).toString();
      const mail = viewingFeedbackMail({
        reviewUrl: { en: pageUrl('en'), ar: pageUrl('ar') },
        expiresOn: formatInZone(expiresAt.toISOString(), 'MMM D, YYYY', asset.timezone),
        customerName: viewing.customer?.fullName ?? 'customer',
        subject: viewing.listing?.title || viewing.listing?.reference || viewing.project?.name || null,
        agentName: viewing.agent?.name ?? null,
        company: company.name,
      });
      // A failed mail throws: the job retries, and nothing is stamped. The mailer writes its notification log row.
      const about = { kind: 'viewingFeedback', companyId: viewing.companyId, assetId: viewing.assetId, userId: null };
      await deps.mailer.send({ to: email, about, ...mail });
      await tx.viewing.update({ where: { id: viewingId }, data: { feedbackRequestedAt: now } });
      await recordActivity(
        tx,
        [
          {
            userId: null,
            companyId: viewing.companyId,
            assetId: viewing.assetId,
            action: 'update',
            subjectType: viewingContract.name,
            subjectId: viewingId,
            before: { feedbackRequestedAt: null },
            after: { feedbackRequestedAt: now.toISOString() },
          },
        ],
        now,
      );
      recorded = await asked(true);
      return { requested: true };
    },
    { timeout: 60_000 },
  );
  await deliverRecordedEvents(deps, recorded);
  return outcome;
}

/** Queues the feedback request of a done viewing at its time (at once if that has passed); one job per viewing. */
export async function queueViewingFeedback(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>, viewing: ViewingTimes): Promise<void> {
  const settings = await readViewingSettings(deps.db, viewing.assetId);
  const delay = Math.max(0, viewingFeedbackAt(viewing, settings).getTime() - deps.clock.now().getTime());
  await deps.jobs.enqueue(viewingFeedbackJob, { viewingId: viewing.id }, { jobId: `viewing-feedback-${viewing.id}`, delay });
}
