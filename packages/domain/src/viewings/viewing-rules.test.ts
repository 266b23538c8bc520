import { describe, expect, it } from 'vitest';
import { isWonStage } from '../reviews/review-invitations.js';
import { ViewingInputSchema, ViewingUpdateSchema } from './viewing.contract.js';
import { VIEWING_MESSAGES, viewingEndsAt, viewingFeedbackAt, viewingReminderTimes } from './viewing-rules.js';

// A viewing's time line from the viewing settings, its bodies' messages, and which stages win a deal.

const START = new Date('2030-01-15T10:30:00.000Z');

describe('viewing times', () => {
  it('reminds minutes before the start, leaving out the reminders already past', () => {
    const now = new Date('2030-01-14T12:00:00.000Z');
    expect(viewingReminderTimes(START, { reminderMinutesBefore: [1440, 60] }, now)).toEqual([
      { minutesBefore: 60, at: new Date('2030-01-15T09:30:00.000Z') },
    ]);
    expect(viewingReminderTimes(START, { reminderMinutesBefore: [] }, now)).toEqual([]);
  });

  it('asks for feedback the delay after the end', () => {
    const viewing = { startsAt: START, durationMinutes: 45 };
    expect(viewingEndsAt(viewing)).toEqual(new Date('2030-01-15T11:15:00.000Z'));
    expect(viewingFeedbackAt(viewing, { feedbackDelayHours: 4 })).toEqual(new Date('2030-01-15T15:15:00.000Z'));
    expect(viewingFeedbackAt(viewing, { feedbackDelayHours: 0 })).toEqual(viewingEndsAt(viewing));
  });
});

describe('viewing bodies', () => {
  it('need a lead and a time, take a duration of 5 to 480 minutes, and never move to another lead', () => {
    const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues(ViewingInputSchema.safeParse({ durationMinutes: 4 }))).toEqual({
      lead: VIEWING_MESSAGES.leadRequired,
      startsAt: VIEWING_MESSAGES.startsAtRequired,
      durationMinutes: VIEWING_MESSAGES.durationRange,
    });
    const lead = '0190f1c2-7a4b-7c3d-8e5f-0123456789ab';
    expect(ViewingInputSchema.safeParse({ lead, startsAt: START.toISOString(), durationMinutes: 480 }).success).toBe(true);
    expect(ViewingUpdateSchema.safeParse({ lead }).success).toBe(false);
    expect(ViewingUpdateSchema.safeParse({ status: 'done' }).success).toBe(true);
    expect(ViewingUpdateSchema.safeParse({ status: 'postponed' }).success).toBe(false);
  });
});

describe('won stages', () => {
  it('are Deal and Successful', () => {
    expect(['New', 'Viewing', 'Deal', 'Successful', 'Closed', null].map(isWonStage)).toEqual([false, false, true, true, false, false]);
  });
});
