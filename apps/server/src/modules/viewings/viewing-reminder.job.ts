import { viewingReminderTimes, VIEWING_STATUS } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { readViewingSettings } from '../assets/index.js';
import type { ViewingTimes } from './viewing-follow-up.js';

// The agent's reminders before a viewing (Viewing settings: reminderMinutesBefore): one delayed job per reminder,
// keyed by the viewing, its time and the reminder, which raises a 'viewingReminder' staff notification (the bell, and
// the mail the notification job sends). A moved viewing gets new jobs; the old ones find another time and do nothing,
// and a viewing no longer scheduled is not reminded. Safe to run twice: one notification per key (dedupeKey).

export const viewingReminderJob = defineJob({
  id: 'viewing-reminder',
  payload: z.strictObject({ viewingId: z.uuid(), startsAt: z.iso.datetime(), minutesBefore: z.number().int().min(1) }),
  attempts: 5,
  backoffMs: 30_000,
  retryThroughOutages: { maxBackoffMs: 5 * 60_000 },
  handle: async ({ viewingId, startsAt, minutesBefore }, { deps }) => remindViewingAgent(deps, viewingId, startsAt, minutesBefore),
});

/** Raises the reminder of one viewing's agent, if the viewing is still scheduled at that time; answers whether it did. */
export async function remindViewingAgent(
  deps: Pick<AppDeps, 'db'>,
  viewingId: string,
  startsAt: string,
  minutesBefore: number,
): Promise<{ reminded: boolean }> {
  const viewing = await deps.db.viewing.findUnique({
    where: { id: viewingId },
    select: { startsAt: true, status: true, assetId: true, companyId: true, leadId: true, agent: { select: { userId: true } } },
  });
  const userId = viewing?.agent?.userId;
  if (
    !viewing ||
    !userId ||
    viewing.status !== VIEWING_STATUS.SCHEDULED ||
    viewing.startsAt.toISOString() !== new Date(startsAt).toISOString()
  )
    return { reminded: false };
  const dedupeKey = `viewingReminder:${viewingId}:${viewing.startsAt.toISOString()}:${minutesBefore}`;
  const inserted = await deps.db.staffNotification.createMany({
    data: [{ companyId: viewing.companyId, assetId: viewing.assetId, userId, kind: 'viewingReminder', leadId: viewing.leadId, dedupeKey }],
    skipDuplicates: true,
  });
  return { reminded: inserted.count === 1 };
}

/** Queues the viewing's reminders still to come, each at its time (the asset's viewing settings). */
export async function queueViewingReminders(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>, viewing: ViewingTimes): Promise<void> {
  const settings = await readViewingSettings(deps.db, viewing.assetId);
  const now = deps.clock.now();
  const reminders = viewingReminderTimes(viewing.startsAt, settings, now);
  if (!reminders.length) return;
  await deps.jobs.enqueueMany(
    viewingReminderJob,
    reminders.map(({ minutesBefore, at }) => ({
      payload: { viewingId: viewing.id, startsAt: viewing.startsAt.toISOString(), minutesBefore },
      opts: { jobId: `viewing-reminder-${viewing.id}-${viewing.startsAt.getTime()}-${minutesBefore}`, delay: at.getTime() - now.getTime() },
    })),
  );
}
