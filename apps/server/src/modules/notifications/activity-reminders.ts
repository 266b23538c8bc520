import type { AppDeps } from '../../core/deps.js';

// Activity reminders (docs/product.md 'Activities'): every notification tick raises the reminders now due as
// 'activityReminder' notifications of the activity's agent (the bell; the same tick mails them and queues their
// pushes). One statement claims the due activities (row locks, SKIP LOCKED: a second worker takes others), writes
// the ledger row per activity and reminder time and the notification together, so a worker killed at any point
// either raised a reminder or left it to the next tick: never twice, never lost.

/** A reminder older than this when first seen (workers down a day, a reminder of before this feature) is not raised. */
export const REMINDER_LOOKBACK_MS = 24 * 3_600_000;
const REMINDER_BATCH = 500;

/** Raises the reminders due by now that no ledger row has: answers how many. Done or deleted activities are skipped. */
export async function raiseActivityReminders(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - REMINDER_LOOKBACK_MS);
  // Walks Activity(reminderAt); the CTE with its lock and fresh ids is evaluated once, so both inserts see one id.
  return deps.db.$executeRawUnsafe(
    `WITH due AS (
       SELECT a.id, a."companyId", a."assetId", a."leadId", a."dealId", a."reminderAt", tm."userId", gen_random_uuid() AS "notificationId"
       FROM "Activity" a JOIN "TeamMember" tm ON tm.id = a."agentId"
       WHERE a."reminderAt" <= ($1::timestamptz AT TIME ZONE 'UTC') AND a."reminderAt" > ($2::timestamptz AT TIME ZONE 'UTC')
         AND a."doneAt" IS NULL AND a."deletedAt" IS NULL AND tm."userId" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "ActivityReminderFired" f WHERE f."activityId" = a.id AND f."reminderAt" = a."reminderAt")
       ORDER BY a."reminderAt"
       LIMIT ${REMINDER_BATCH}
       FOR UPDATE OF a SKIP LOCKED
     ), fired AS (
       INSERT INTO "ActivityReminderFired" ("activityId", "reminderAt", "userId", "notificationId", "firedAt")
       SELECT id, "reminderAt", "userId", "notificationId", ($1::timestamptz AT TIME ZONE 'UTC') FROM due
       ON CONFLICT DO NOTHING
       RETURNING "activityId", "notificationId"
     )
     INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId", "dealId", "activityId", "dedupeKey")
     SELECT due."notificationId", due."companyId", due."assetId", due."userId", 'activityReminder', due."leadId", due."dealId", due.id,
            'activityReminder:' || due.id || ':' || to_char(due."reminderAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS')
     FROM fired JOIN due ON due."notificationId" = fired."notificationId"
     ON CONFLICT ("userId", "dedupeKey") DO NOTHING`,
    now.toISOString(),
    since.toISOString(),
  );
}
