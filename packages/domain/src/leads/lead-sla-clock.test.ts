import { describe, expect, it } from 'vitest';
import {
  addWorkingMinutes,
  automaticSlaDates,
  dueClockStep,
  planLeadSla,
  poolEndOnEntry,
  workingTimeBetween,
  type LeadSlaSettings,
} from './lead-sla-clock.js';
import { formatLeadId } from './lead-engine.constants.js';

const settings: LeadSlaSettings = { initialSlaMinutes: 30, freePoolSlaMinutes: 120, workingHours: null, timezone: 'Asia/Dubai' };
// Monday to Friday 09:00-18:00 in Dubai (UTC+4).
const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '18:00' }));

describe('addWorkingMinutes', () => {
  it('is plain addition without working hours', () => {
    expect(addWorkingMinutes(new Date('2026-01-05T10:00:00Z'), 30, null, 'Asia/Dubai').toISOString()).toBe('2026-01-05T10:30:00.000Z');
    expect(addWorkingMinutes(new Date('2026-01-05T10:00:00Z'), 30, [], 'Asia/Dubai').toISOString()).toBe('2026-01-05T10:30:00.000Z');
  });

  it('runs only inside the window, in the asset zone', () => {
    // Monday 2026-01-05 10:00 Dubai = 06:00Z: inside, plain.
    expect(addWorkingMinutes(new Date('2026-01-05T06:00:00Z'), 30, weekdays, 'Asia/Dubai').toISOString()).toBe('2026-01-05T06:30:00.000Z');
    // Monday 17:45 Dubai: 15 minutes today, 15 tomorrow from 09:00.
    expect(addWorkingMinutes(new Date('2026-01-05T13:45:00Z'), 30, weekdays, 'Asia/Dubai').toISOString()).toBe('2026-01-06T05:15:00.000Z');
    // Monday 07:00 Dubai (before opening): waits for 09:00.
    expect(addWorkingMinutes(new Date('2026-01-05T03:00:00Z'), 30, weekdays, 'Asia/Dubai').toISOString()).toBe('2026-01-05T05:30:00.000Z');
  });

  it('skips days without a window (a Friday evening lead lands on Monday)', () => {
    // Friday 2026-01-09 19:00 Dubai: nothing Sat/Sun, Monday 09:30.
    expect(addWorkingMinutes(new Date('2026-01-09T15:00:00Z'), 30, weekdays, 'Asia/Dubai').toISOString()).toBe('2026-01-12T05:30:00.000Z');
  });

  it('spans several days for long windows', () => {
    // 2 working days of 9 h = 1080 minutes from Monday 09:00 -> Tuesday 18:00.
    expect(addWorkingMinutes(new Date('2026-01-05T05:00:00Z'), 1080, weekdays, 'Asia/Dubai').toISOString()).toBe(
      '2026-01-06T14:00:00.000Z',
    );
  });
});

describe('planLeadSla', () => {
  const now = new Date('2026-01-05T06:00:00Z');
  const base = { now, settings, isChild: false, spamOrExternal: false, isManualAssignment: false, sendToPool: false };

  it('automatic: initial after initialSlaMinutes, pool after freePoolSlaMinutes more', () => {
    expect(planLeadSla(base)).toEqual({
      initialSlaEndDate: new Date('2026-01-05T06:30:00Z'),
      freePoolSlaEndDate: new Date('2026-01-05T08:30:00Z'),
      inPool: false,
    });
    expect(automaticSlaDates(now, settings).freePoolSlaEndDate.toISOString()).toBe('2026-01-05T08:30:00.000Z');
  });

  it('sendToPool: straight into the pool, initial end = now', () => {
    expect(planLeadSla({ ...base, sendToPool: true, isManualAssignment: true })).toEqual({
      initialSlaEndDate: now,
      freePoolSlaEndDate: new Date('2026-01-05T08:00:00Z'),
      inPool: true,
    });
  });

  it('children, spam/external customers and manual assignment get no pool SLA', () => {
    const none = { initialSlaEndDate: null, freePoolSlaEndDate: null, inPool: false };
    expect(planLeadSla({ ...base, isChild: true, sendToPool: true })).toEqual(none);
    expect(planLeadSla({ ...base, spamOrExternal: true })).toEqual(none);
    expect(planLeadSla({ ...base, isManualAssignment: true })).toEqual(none);
  });

  it('manual SLA dates are taken as given', () => {
    const manualDates = { initialSlaEndDate: new Date('2026-01-06T00:00:00Z'), freePoolSlaEndDate: new Date('2026-01-07T00:00:00Z') };
    expect(planLeadSla({ ...base, manualDates })).toEqual({ ...manualDates, inPool: false });
  });
});

describe('dueClockStep', () => {
  const lead = {
    status: 'Open',
    isAccepted: false,
    isInFreePool: false,
    isAssignedFromLeadPool: false,
    initialSlaEndDate: new Date('2026-01-05T06:30:00Z'),
    freePoolSlaEndDate: new Date('2026-01-05T08:30:00Z'),
  };
  it('enters the pool once the initial end is reached unaccepted, then escalates once the pool end is', () => {
    expect(dueClockStep(lead, new Date('2026-01-05T06:29:59Z'))).toBeNull();
    expect(dueClockStep(lead, new Date('2026-01-05T06:30:00Z'))).toBe('enter_pool');
    expect(dueClockStep({ ...lead, isInFreePool: true }, new Date('2026-01-05T08:00:00Z'))).toBeNull();
    expect(dueClockStep({ ...lead, isInFreePool: true }, new Date('2026-01-05T08:30:00Z'))).toBe('escalate');
  });
  it('takes one stage at a time: a lead past both ends that is not in the pool yet enters it first', () => {
    expect(dueClockStep(lead, new Date('2026-01-06T00:00:00Z'))).toBe('enter_pool');
  });
  it('does nothing for accepted, escalated, closed or SLA-less leads', () => {
    const late = new Date('2026-02-01T00:00:00Z');
    expect(dueClockStep({ ...lead, isAccepted: true }, late)).toBeNull();
    expect(dueClockStep({ ...lead, isAssignedFromLeadPool: true }, late)).toBeNull();
    expect(dueClockStep({ ...lead, status: 'Closed' }, late)).toBeNull();
    expect(dueClockStep({ ...lead, initialSlaEndDate: null, freePoolSlaEndDate: null }, late)).toBeNull();
  });
});

describe('workingTimeBetween', () => {
  it('is the plain difference without working hours, and 0 for an empty or reversed range', () => {
    const start = new Date('2026-01-05T10:00:00Z');
    expect(workingTimeBetween(start, new Date('2026-01-05T10:00:01.500Z'), null, 'Asia/Dubai')).toBe(1500);
    expect(workingTimeBetween(start, start, null, 'Asia/Dubai')).toBe(0);
    expect(workingTimeBetween(start, new Date('2026-01-05T09:00:00Z'), weekdays, 'Asia/Dubai')).toBe(0);
  });

  it('counts only the time inside the windows, in the asset zone (the inverse of addWorkingMinutes)', () => {
    // Monday 17:45 Dubai to Tuesday 09:15: 15 minutes each side of the night.
    expect(workingTimeBetween(new Date('2026-01-05T13:45:00Z'), new Date('2026-01-06T05:15:00Z'), weekdays, 'Asia/Dubai')).toBe(
      30 * 60_000,
    );
    // Friday 19:00 to Monday 09:30: the weekend counts nothing.
    expect(workingTimeBetween(new Date('2026-01-09T15:00:00Z'), new Date('2026-01-12T05:30:00Z'), weekdays, 'Asia/Dubai')).toBe(
      30 * 60_000,
    );
    const start = new Date('2026-01-05T05:00:00Z');
    const end = addWorkingMinutes(start, 1080, weekdays, 'Asia/Dubai');
    expect(workingTimeBetween(start, end, weekdays, 'Asia/Dubai')).toBe(1080 * 60_000);
  });
});

describe('poolEndOnEntry', () => {
  const dates = { initialSlaEndDate: new Date('2026-01-05T06:30:00Z'), freePoolSlaEndDate: new Date('2026-01-05T08:30:00Z') };
  const always = { workingHours: null, timezone: 'Asia/Dubai' };

  it('keeps the planned pool end when the lead enters on time', () => {
    expect(poolEndOnEntry(dates, dates.initialSlaEndDate, always)).toEqual(dates.freePoolSlaEndDate);
  });

  it('moves the pool end by the delay of a late entry: the pool keeps its whole planned time', () => {
    expect(poolEndOnEntry(dates, new Date('2026-01-05T06:31:30Z'), always)).toEqual(new Date('2026-01-05T08:31:30Z'));
    // Entered after the planned pool end itself (a long outage): a whole pool window from the entry, not none.
    expect(poolEndOnEntry(dates, new Date('2026-01-05T09:00:00Z'), always)).toEqual(new Date('2026-01-05T11:00:00Z'));
  });

  it('counts the pool time in working hours: a delay outside them moves nothing, one inside moves the end', () => {
    // Planned: initial end Monday 17:50 Dubai, 30 working minutes of pool -> Tuesday 09:20.
    const evening = { initialSlaEndDate: new Date('2026-01-05T13:50:00Z'), freePoolSlaEndDate: new Date('2026-01-06T05:20:00Z') };
    const hours = { workingHours: weekdays, timezone: 'Asia/Dubai' };
    // Entered at 17:55: 5 working minutes late.
    expect(poolEndOnEntry(evening, new Date('2026-01-05T13:55:00Z'), hours)).toEqual(new Date('2026-01-06T05:25:00Z'));
    // Entered at 22:00 (after closing): 10 working minutes late, the whole pool time runs on Tuesday morning.
    expect(poolEndOnEntry(evening, new Date('2026-01-05T18:00:00Z'), hours)).toEqual(new Date('2026-01-06T05:30:00Z'));
  });

  it('never moves a pool end earlier, even a manual one set outside the working hours', () => {
    // Manual dates: initial end Monday 07:00 Dubai (before opening), pool end Monday 22:00 (after closing): 9 working hours.
    const manual = { initialSlaEndDate: new Date('2026-01-05T03:00:00Z'), freePoolSlaEndDate: new Date('2026-01-05T18:00:00Z') };
    const hours = { workingHours: weekdays, timezone: 'Asia/Dubai' };
    // Entered at 08:00, late but before opening: no working time lost, the planned end stays.
    expect(poolEndOnEntry(manual, new Date('2026-01-05T04:00:00Z'), hours)).toEqual(manual.freePoolSlaEndDate);
    // Entered at 10:00: an hour of working time lost, the 9 hours run to Tuesday 10:00.
    expect(poolEndOnEntry(manual, new Date('2026-01-05T06:00:00Z'), hours)).toEqual(new Date('2026-01-06T06:00:00Z'));
  });
});

describe('formatLeadId', () => {
  it('pads the per-asset sequence', () => {
    expect(formatLeadId(42)).toBe('L-000042');
    expect(formatLeadId(1_234_567)).toBe('L-1234567');
  });
});
