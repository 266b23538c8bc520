import { VIEWING_STATUS } from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { ApiRecord, ResourceDeps, Row } from '../../resources/resource.types.js';
import { queueCalendarSync, queueReviewInvitation } from '../integrations/index.js';
import { queueViewingFeedback } from './viewing-feedback.job.js';
import { queueViewingReminders } from './viewing-reminder.job.js';

/** What the follow-up jobs are timed and keyed by. */
export interface ViewingTimes {
  id: string;
  assetId: string;
  startsAt: Date;
  durationMinutes: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * After a viewing is written (docs/product.md 'Viewings'): its reminders when it is scheduled anew or moved, its
 * feedback request and review invitation once it is done, and its calendar event always (the sync reads the viewing
 * as it then is, so a cancelled one's event goes). Every job is keyed so that a repeat is the same job.
 */
export async function followViewing(
  deps: ResourceDeps,
  change: { record: ApiRecord; body: Row; created: boolean; removed?: boolean },
): Promise<void> {
  const { jobs } = deps;
  const { record } = change;
  // A delete queues nothing: reminders, feedback and the calendar event follow live viewings only.
  if (change.removed) return;
  const assetId = text(record.asset);
  const startsAt = text(record.startsAt);
  if (!jobs || !assetId || !startsAt || typeof record.durationMinutes !== 'number') return;
  const withJobs: Pick<AppDeps, 'db' | 'clock' | 'jobs'> = { db: deps.db, clock: deps.clock, jobs };
  const viewing: ViewingTimes = { id: record._id, assetId, startsAt: new Date(startsAt), durationMinutes: record.durationMinutes };
  if (record.status === VIEWING_STATUS.SCHEDULED && (change.created || change.body.startsAt !== undefined))
    await queueViewingReminders(withJobs, viewing);
  const customerId = text(record.customer);
  if (record.status === VIEWING_STATUS.DONE) {
    await queueViewingFeedback(withJobs, viewing);
    if (customerId)
      await queueReviewInvitation(withJobs, {
        assetId,
        customerId,
        trigger: 'viewing-done',
        leadId: text(record.lead),
        viewingId: record._id,
      });
  }
  await queueCalendarSync(withJobs, { assetId, viewingId: record._id, version: text(record.updatedAt) ?? startsAt });
}
