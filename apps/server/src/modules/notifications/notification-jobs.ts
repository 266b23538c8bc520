import { z } from 'zod';
import {
  LEAD_STATUS,
  LINKS,
  NOTIFICATION_MAIL_FOOTER,
  SLA_WARNING_MINUTES,
  STAFF_NOTIFICATION_KIND_INFO,
  staffNotificationText,
  type StaffNotificationKind,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { queueNotificationPushes } from '../integrations/index.js';

// The notifications' background work, every NOTIFICATION_TICK_MS in a worker process: raise the SLA warnings now due,
// then send the mails of new notifications. Both are safe to run twice or side by side: a warning is one row per
// lead and deadline (dedupeKey), and a mail's row is locked while it is sent and then marked.

export const NOTIFICATION_TICK_JOB_ID = 'staff-notifications-tick';
export const NOTIFICATION_TICK_MS = 15_000;
const MAIL_BATCH = 20;

/** Notifies the agents of open leads whose initial SLA ends within SLA_WARNING_MINUTES (once per deadline). */
export async function raiseSlaWarnings(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + SLA_WARNING_MINUTES * 60_000);
  // Walks the SLA sweep's index (isAccepted, isInFreePool, isAssignedFromLeadPool, initialSlaEndDate).
  return deps.db.$executeRawUnsafe(
    `INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId", "dedupeKey")
     SELECT gen_random_uuid(), l."companyId", l."assetId", tm."userId", 'slaEnding', l.id,
            'slaEnding:' || l.id || ':' || to_char(l."initialSlaEndDate", 'YYYY-MM-DD"T"HH24:MI:SS.MS')
     FROM "Lead" l JOIN "TeamMember" tm ON tm.id = l."agentId"
     WHERE NOT l."isAccepted" AND NOT l."isInFreePool" AND NOT l."isAssignedFromLeadPool"
       AND l."initialSlaEndDate" > ($1::timestamptz AT TIME ZONE 'UTC') AND l."initialSlaEndDate" <= ($2::timestamptz AT TIME ZONE 'UTC')
       AND l."freePoolSlaEndDate" IS NOT NULL AND l."deletedAt" IS NULL AND l.status = $3 AND tm."userId" IS NOT NULL
     ON CONFLICT ("userId", "dedupeKey") DO NOTHING`,
    now.toISOString(),
    until.toISOString(),
    LEAD_STATUS.OPEN,
  );
}

interface PendingMail {
  id: string;
  kind: StaffNotificationKind;
  companyId: string;
  assetId: string;
  userId: string;
  leadId: string | null;
  leadID: string | null;
  listingId: string | null;
  reference: string | null;
  dealId: string | null;
  dealTitle: string | null;
  email: string;
  fullName: string;
  enabled: boolean;
  wanted: boolean | null;
}

export interface MailRun {
  sent: number;
  skipped: number;
  failed: number;
}

/** The mail of one notification: its line as the subject, and the link to the lead. */
function mailOf(deps: Pick<AppDeps, 'env'>, row: PendingMail) {
  const subject = staffNotificationText(row.kind, row.dealId ? row.dealTitle : row.listingId ? row.reference : row.leadID);
  const path = row.dealId
    ? LINKS.deal(row.dealId)
    : row.leadId
      ? LINKS.leadDetail(row.leadId)
      : row.listingId
        ? LINKS.listing(row.listingId)
        : null;
  const link = path ? new URL(path, deps.env.APP_URL).toString() : deps.env.APP_URL;
  const text = `Hello ${row.fullName},\n\n${subject}.\n\nOpen it: ${link}\n\n${NOTIFICATION_MAIL_FOOTER}`;
  return { to: row.email, subject, text, about: { kind: row.kind, companyId: row.companyId, assetId: row.assetId, userId: row.userId } };
}

/**
 * Sends the mails of pending notifications, oldest first, as each person wants them (NotificationPreference, else the
 * kind's default); the mailer logs each one sent or failed in NotificationLog (auth/mail-log.ts). A failed mail is not retried: the bell
 * still shows the notification, and the log shows the failure to an admin.
 */
export async function sendPendingMails(deps: Pick<AppDeps, 'db' | 'mailer' | 'env' | 'log' | 'jobs'>): Promise<MailRun> {
  const run: MailRun = { sent: 0, skipped: 0, failed: 0 };
  await deps.db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRawUnsafe<PendingMail[]>(
        `SELECT n.id, n.kind, n."companyId", n."assetId", n."userId", n."leadId", l."leadID", n."listingId", li.reference, n."dealId", d.title AS "dealTitle", u.email, u."fullName", u.enabled, p.email AS wanted
         FROM "StaffNotification" n
         JOIN "User" u ON u.id = n."userId"
         LEFT JOIN "Lead" l ON l.id = n."leadId"
         LEFT JOIN "Listing" li ON li.id = n."listingId"
         LEFT JOIN "Deal" d ON d.id = n."dealId"
         LEFT JOIN "NotificationPreference" p ON p."userId" = n."userId" AND p.kind = n.kind
         WHERE n."emailStatus" = 'pending'
         ORDER BY n."createdAt"
         LIMIT ${MAIL_BATCH}
         FOR UPDATE OF n SKIP LOCKED`,
      );
      // The same notifications also go to their people's devices where the asset has Firebase (jobs, after this).
      await queueNotificationPushes(
        deps,
        rows.filter((row) => row.enabled),
      );
      for (const row of rows) {
        const wanted = row.wanted ?? STAFF_NOTIFICATION_KIND_INFO[row.kind]?.emailByDefault ?? false;
        if (!wanted || !row.enabled) {
          await tx.staffNotification.update({ where: { id: row.id }, data: { emailStatus: 'skipped' } });
          run.skipped += 1;
          continue;
        }
        const mail = mailOf(deps, row);
        let error: string | null = null;
        try {
          await deps.mailer.send(mail);
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause);
          deps.log.warn({ event: 'notification.mail.failed', notification: row.id, err: cause }, 'notification mail not sent');
        }
        await tx.staffNotification.update({ where: { id: row.id }, data: { emailStatus: error ? 'failed' : 'sent' } });
        if (error) run.failed += 1;
        else run.sent += 1;
      }
    },
    { timeout: 60_000 },
  );
  return run;
}

export const notificationTickJob = defineJob({
  id: NOTIFICATION_TICK_JOB_ID,
  payload: z.looseObject({}),
  handle: async (_payload, { deps }) => {
    const warned = await raiseSlaWarnings(deps);
    const mails = await sendPendingMails(deps);
    return { warned, ...mails };
  },
});

/** In a worker process: the repeatable tick (an idempotent upsert: every start re-creates it if Redis lost it). */
export async function startNotificationTick(deps: AppDeps): Promise<() => void> {
  await deps.jobs
    .queue(NOTIFICATION_TICK_JOB_ID)
    .upsertJobScheduler(NOTIFICATION_TICK_JOB_ID, { every: NOTIFICATION_TICK_MS }, { name: NOTIFICATION_TICK_JOB_ID, data: {} })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'notification tick not scheduled (Redis); it is retried on the next start'));
  return () => undefined;
}
