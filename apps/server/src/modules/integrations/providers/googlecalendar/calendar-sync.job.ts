import { UnrecoverableError } from 'bullmq';
import { SYNC_JOB_POLICY, VIEWING_STATUS } from '@crm/domain';
import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { ProviderCallError } from '../../provider-call.js';
import { usableIntegration } from '../oauth-grants.js';
import {
  type CalendarAccess,
  calendarTarget,
  deleteViewingEvent,
  findViewingEvent,
  insertViewingEvent,
  patchViewingEvent,
  viewingEvent,
} from './calendar-events.js';
import { type CalendarOwner, calendarTokenFor } from './google-auth.js';

// A viewing's event on its agent's Google Calendar (docs/api.md 'Google Calendar'), kept in step by one job after every
// write of the viewing: it reads the viewing as it is then, and makes the calendar say the same. A cancelled viewing
// loses its event; a viewing given to another agent moves to their calendar. Keyed by the viewing and its version,
// so the same write queued twice is one job, and safe to run twice: the event is found by our id before one is added.
// 408, 429, 5xx and no answer are retried (provider-job-policy.ts); anything else, or the last failure, is written on
// the viewing as calendarError for the lead page to show.

export const CALENDAR_SYNC_ATTEMPTS = SYNC_JOB_POLICY.attempts;

export const calendarSyncJob = defineJob({
  id: 'calendar-sync',
  payload: z.strictObject({ viewingId: z.uuid() }),
  ...providerJobPolicy('googlecalendar'),
  handle: async ({ viewingId }, { deps, job }) => {
    try {
      return await syncViewingEvent(deps, viewingId);
    } catch (error) {
      const retryable = error instanceof ProviderCallError && error.retryable;
      if (retryable && job.attemptsMade + 1 < CALENDAR_SYNC_ATTEMPTS) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.viewing.updateMany({ where: { id: viewingId }, data: { calendarError: message.slice(0, 500) } });
      throw new UnrecoverableError(message);
    }
  },
});

type SyncDeps = Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>;
export type CalendarSyncOutcome = 'skipped' | 'removed' | 'inserted' | 'updated' | 'no-agent';

/** The statuses whose viewing keeps its event: a done or missed viewing still happened at that time. */
const KEEPS_EVENT: readonly string[] = [VIEWING_STATUS.SCHEDULED, VIEWING_STATUS.DONE, VIEWING_STATUS.NO_SHOW];

async function accessFor(deps: SyncDeps, row: NonNullable<Awaited<ReturnType<typeof usableIntegration>>>, owner: CalendarOwner) {
  const token = await calendarTokenFor(deps, row, owner);
  return { deps, row, token, ...calendarTarget(deps.env, row) } satisfies CalendarAccess;
}

/** Makes the agent's calendar match the viewing; answers what it did. */
export async function syncViewingEvent(deps: SyncDeps, viewingId: string): Promise<CalendarSyncOutcome> {
  const viewing = await deps.db.viewing.findUnique({
    where: { id: viewingId },
    include: {
      lead: { select: { leadID: true } },
      customer: { select: { fullName: true } },
      listing: { select: { reference: true, title: true, location: true, city: true } },
      project: { select: { name: true } },
      agent: { select: { id: true, name: true, email: true } },
    },
  });
  if (!viewing) return 'skipped';
  const row = await usableIntegration(deps, viewing.assetId, 'googlecalendar');
  if (!row) return 'skipped';
  const keep = KEEPS_EVENT.includes(viewing.status);
  const owner = viewing.agent;

  // The event leaves a calendar it no longer belongs on (cancelled, or another agent's now).
  if (viewing.calendarEventId && viewing.calendarMemberId && (!keep || viewing.calendarMemberId !== owner?.id)) {
    const previous = await deps.db.teamMember.findUnique({
      where: { id: viewing.calendarMemberId },
      select: { id: true, name: true, email: true },
    });
    if (previous) await deleteViewingEvent(await accessFor(deps, row, previous), viewing.calendarEventId);
    await deps.db.viewing.update({
      where: { id: viewingId },
      data: { calendarEventId: null, calendarMemberId: null, calendarError: null },
    });
  }
  if (!keep) return 'removed';
  if (!owner) {
    await deps.db.viewing.update({ where: { id: viewingId }, data: { calendarError: 'The viewing has no agent.' } });
    return 'no-agent';
  }

  const access = await accessFor(deps, row, owner);
  const asset = await deps.db.asset.findUniqueOrThrow({ where: { id: viewing.assetId }, select: { timezone: true } });
  const event = viewingEvent(deps.env, {
    id: viewing.id,
    leadId: viewing.leadId,
    leadID: viewing.lead.leadID,
    startsAt: viewing.startsAt,
    durationMinutes: viewing.durationMinutes,
    timeZone: asset.timezone,
    customerName: viewing.customer?.fullName ?? null,
    subject: viewing.listing?.title || viewing.listing?.reference || viewing.project?.name || null,
    location: [viewing.listing?.location, viewing.listing?.city].filter(Boolean).join(', ') || null,
    notes: viewing.notes,
  });
  let eventId = viewing.calendarMemberId === owner.id ? viewing.calendarEventId : null;
  eventId ??= await findViewingEvent(access, viewing.id);
  let outcome: CalendarSyncOutcome = 'updated';
  if (!eventId || !(await patchViewingEvent(access, eventId, event))) {
    eventId = await insertViewingEvent(access, event);
    outcome = 'inserted';
  }
  await deps.db.viewing.update({
    where: { id: viewingId },
    data: { calendarEventId: eventId, calendarMemberId: owner.id, calendarError: null },
  });
  return outcome;
}

/** Queues the sync of a viewing's event when the asset has Google Calendar on; one job per viewing and version. */
export async function queueCalendarSync(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  input: { assetId: string; viewingId: string; version: string },
): Promise<void> {
  if (!(await usableIntegration(deps, input.assetId, 'googlecalendar'))) return;
  await deps.jobs.enqueue(
    calendarSyncJob,
    { viewingId: input.viewingId },
    { jobId: `calendar-sync-${input.viewingId}-${Date.parse(input.version)}` },
  );
}
