import { describe, expect, it } from 'vitest';
import { nextOccurrenceDue, RECURRENCE_MESSAGES as R, recurrenceIssues } from './activity-recurrence.js';

// The next occurrence's due time is wall time on the asset's calendar; the rules name the field at fault.

const next = (due: string, recurrence: 'daily' | 'weekly' | 'monthly', anchorDay: number, zone: string) =>
  nextOccurrenceDue(new Date(due), recurrence, anchorDay, zone).toISOString();

describe('nextOccurrenceDue', () => {
  it('keeps the wall time across a daylight saving change', () => {
    // 09:00 in New York on 13 Mar 2027 (EST, UTC-5), then 09:00 on the 14th (EDT, UTC-4).
    expect(next('2027-03-13T14:00:00.000Z', 'daily', 13, 'America/New_York')).toBe('2027-03-14T13:00:00.000Z');
    expect(next('2027-03-10T14:00:00.000Z', 'weekly', 10, 'America/New_York')).toBe('2027-03-17T13:00:00.000Z');
  });

  it("clamps a monthly series to the month's end, goes back to its day, and crosses the year", () => {
    expect(next('2027-01-31T05:00:00.000Z', 'monthly', 31, 'Asia/Dubai')).toBe('2027-02-28T05:00:00.000Z');
    expect(next('2027-02-28T05:00:00.000Z', 'monthly', 31, 'Asia/Dubai')).toBe('2027-03-31T05:00:00.000Z');
    expect(next('2028-01-31T05:00:00.000Z', 'monthly', 31, 'Asia/Dubai')).toBe('2028-02-29T05:00:00.000Z');
    expect(next('2027-12-15T05:00:00.000Z', 'monthly', 15, 'Asia/Dubai')).toBe('2028-01-15T05:00:00.000Z');
    expect(next('2027-12-31T05:00:00.000Z', 'daily', 31, 'Asia/Dubai')).toBe('2028-01-01T05:00:00.000Z');
  });
});

describe('recurrenceIssues', () => {
  it('names the field at fault, and nothing for a good one', () => {
    const due = '2027-03-10T05:00:00.000Z';
    expect(recurrenceIssues({ type: 'task', dueAt: due, recurrence: 'daily', recurrenceUntil: '2027-04-01T00:00:00.000Z' })).toEqual({});
    expect(recurrenceIssues({ type: 'call', dueAt: due, recurrence: 'daily' })).toEqual({ recurrence: R.tasksOnly });
    expect(recurrenceIssues({ type: 'task', recurrence: 'weekly' })).toEqual({ recurrence: R.needsDue });
    expect(recurrenceIssues({ type: 'task', dueAt: due, recurrenceUntil: due })).toEqual({ recurrenceUntil: R.untilNeedsRecurrence });
    expect(recurrenceIssues({ type: 'task', dueAt: due, recurrence: 'monthly', recurrenceUntil: '2027-03-01T00:00:00.000Z' })).toEqual({
      recurrenceUntil: R.untilBeforeDue,
    });
  });
});
