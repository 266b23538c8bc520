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
import { raiseActivityReminders } from './activity-reminders.js';

// The notifications' background work, every NOTIFICATION_TICK_MS in a worker process: raise the SLA warnings and the
// activity reminders now due, then send the mails of new notifications. All are safe to run twice or side by side: a
// warning is one row per lead and deadline (dedupeKey), a reminder one per activity and time (its ledger,
// activity-reminders.ts), and a mail's row is locked while it is sent and then marked.

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
  activityId: string | null;
  activitySubject: string | null;
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
  const label = row.activityId ? row.activitySubject : row.dealId ? row.dealTitle : row.listingId ? row.reference : row.leadID;
  const subject = staffNotificationText(row.kind, label);
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

const PENDING_SQL = `SELECT n.id, n.kind, n."companyId", n."assetId", n."userId", n."leadId", l."leadID", n."listingId", li.reference, n."dealId", d.title AS "dealTitle", n."activityId", ac.subject AS "activitySubject", u.email, u."fullName", u.enabled, p.email AS wanted
         FROM "StaffNotification" n
         JOIN "User" u ON u.id = n."userId"
         LEFT JOIN "Lead" l ON l.id = n."leadId"
         LEFT JOIN "Listing" li ON li.id = n."listingId"
         LEFT JOIN "Deal" d ON d.id = n."dealId"
         LEFT JOIN "Activity" ac ON ac.id = n."activityId"
         LEFT JOIN "NotificationPreference" p ON p."userId" = n."userId" AND p.kind = n.kind`;

/**
 * Sends the mails of pending notifications, oldest first, as each person wants them (NotificationPreference, else the
 * kind's default); the mailer logs each one sent or failed in NotificationLog (auth/mail-log.ts). A failed mail is not retried: the bell
 * still shows the notification, and the log shows the failure to an admin. Each notification in a transaction of its
 * own (its row locked, SKIP LOCKED): its mail, then its pushes queued (keyed jobs), then its row marked; a worker killed
 * before the mark leaves it to the next run, which mails what was not mailed, so only the instant between the mail
 * server's acceptance and that commit could send a mail twice (docs/architecture.md 'Background jobs').
 */
export async function sendPendingMails(deps: Pick<AppDeps, 'db' | 'mailer' | 'env' | 'log' | 'jobs'>): Promise<MailRun> {
  const run: MailRun = { sent: 0, skipped: 0, failed: 0 };
  const batch = await deps.db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM "StaffNotification" WHERE "emailStatus" = 'pending' ORDER BY "createdAt" LIMIT ${MAIL_BATCH}`,
  );
  for (const { id } of batch) {
    await deps.db.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRawUnsafe<PendingMail[]>(
          `${PENDING_SQL} WHERE n.id = $1::uuid AND n."emailStatus" = 'pending' FOR UPDATE OF n SKIP LOCKED`,
          id,
        );
        if (!row) return;
        const wanted = row.enabled && (row.wanted ?? STAFF_NOTIFICATION_KIND_INFO[row.kind]?.emailByDefault ?? false);
        let status = 'skipped';
        if (wanted) {
          try {
            await deps.mailer.send(mailOf(deps, row));
            status = 'sent';
          } catch (cause) {
            status = 'failed';
            deps.log.warn({ event: 'notification.mail.failed', notification: row.id, err: cause }, 'notification mail not sent');
          }
        }
        // The same notification also goes to its person's devices where the asset has Firebase (one keyed job each).
        if (row.enabled) await queueNotificationPushes(deps, [row]);
        await tx.staffNotification.update({ where: { id: row.id }, data: { emailStatus: status } });
        run[status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'skipped'] += 1;
      },
      { timeout: 60_000 },
    );
  }
  return run;
}

export const notificationTickJob = defineJob({
  id: NOTIFICATION_TICK_JOB_ID,
  payload: z.looseObject({}),
  handle: async (_payload, { deps }) => {
    const warned = await raiseSlaWarnings(deps);
    const reminded = await raiseActivityReminders(deps);
    const mails = await sendPendingMails(deps);
    return { warned, reminded, ...mails };
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
