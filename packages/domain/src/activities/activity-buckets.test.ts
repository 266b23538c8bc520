import { describe, expect, it } from 'vitest';
import {
  activitiesLink,
  activitiesViewOf,
  activityBucketQuery,
  activityDayOf,
  activityWeekOf,
  isActivityOverdue,
} from './activity-buckets.js';

// The buckets' and the week's instants in a non-UTC zone, and the screen's URL read back.

describe('the asset day and the buckets', () => {
  it("tells today by the asset's zone and builds each bucket's list conditions", () => {
    // 01:30 in Dubai on the 22nd is still the 21st in UTC.
    const day = activityDayOf(new Date('2026-11-21T21:30:00.000Z'), 'Asia/Dubai');
    expect(day).toEqual({ now: '2026-11-21T21:30:00.000Z', from: '2026-11-21T20:00:00.000Z', to: '2026-11-22T19:59:59.999Z' });
    expect(activityBucketQuery('overdue', day)).toEqual({ doneAt: null, dueAt: { $lt: day.now } });
    expect(activityBucketQuery('dueToday', day)).toEqual({ doneAt: null, dueAt: { $gte: day.now, $lte: day.to } });
    expect(activityBucketQuery('upcoming', day)).toEqual({ doneAt: null, dueAt: { $gt: day.to } });
    expect(activityBucketQuery('done', day)).toEqual({ dueAt: { $ne: null }, doneAt: { $gte: day.from, $lte: day.to } });
    const now = new Date(day.now);
    expect(isActivityOverdue({ dueAt: '2026-11-21T21:29:59.000Z', doneAt: null }, now)).toBe(true);
    expect(isActivityOverdue({ dueAt: '2026-11-21T21:29:59.000Z', doneAt: day.now }, now)).toBe(false);
    expect(isActivityOverdue({ dueAt: null }, now)).toBe(false);
  });
});

describe('the week view', () => {
  it('runs Monday to Sunday in the zone, whatever day it is asked from', () => {
    // Sunday 2026-11-22 01:30 in Dubai (Saturday in UTC): its week began Monday the 16th.
    const week = activityWeekOf(null, new Date('2026-11-21T21:30:00.000Z'), 'Asia/Dubai');
    expect(week.start).toBe('2026-11-16');
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(week.from).toBe('2026-11-15T20:00:00.000Z');
    expect(week.to).toBe('2026-11-22T19:59:59.999Z');
    expect(week.days[0]?.to).toBe('2026-11-16T19:59:59.999Z');
    expect([week.previous, week.next]).toEqual(['2026-11-09', '2026-11-23']);
    expect(activityWeekOf('2026-11-23', new Date(), 'Asia/Dubai').start).toBe('2026-11-23');
  });
});

describe('the Activities link', () => {
  it('carries the view and reads it back, leaving out what does not read', () => {
    const link = activitiesLink({ scope: 'mine', bucket: 'dueToday' });
    expect(link).toBe('/reports/activities?refresh=1&scope=mine&bucket=dueToday');
    expect(activitiesViewOf(new URL(link, 'http://x.test').searchParams)).toEqual({ scope: 'mine', bucket: 'dueToday' });
    expect(activitiesViewOf(new URLSearchParams('bucket=late&scope=team&week=soon'))).toEqual({ scope: 'team' });
  });
});
