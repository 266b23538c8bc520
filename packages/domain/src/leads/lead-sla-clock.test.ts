import { describe, expect, it } from 'vitest';
import { addWorkingMinutes, automaticSlaDates, dueClockStep, planLeadSla, type LeadSlaSettings } from './lead-sla-clock.js';
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
  it('does nothing for accepted, escalated, closed or SLA-less leads', () => {
    const late = new Date('2026-02-01T00:00:00Z');
    expect(dueClockStep({ ...lead, isAccepted: true }, late)).toBeNull();
    expect(dueClockStep({ ...lead, isAssignedFromLeadPool: true }, late)).toBeNull();
    expect(dueClockStep({ ...lead, status: 'Closed' }, late)).toBeNull();
    expect(dueClockStep({ ...lead, initialSlaEndDate: null, freePoolSlaEndDate: null }, late)).toBeNull();
  });
});

describe('formatLeadId', () => {
  it('pads the per-asset sequence', () => {
    expect(formatLeadId(42)).toBe('L-000042');
    expect(formatLeadId(1_234_567)).toBe('L-1234567');
  });
});
