import type { WorkingDay, WorkingHours } from '../auth/asset-settings.schemas.js';
import { dayjs } from '../time/dayjs.js';
import { resolveTimezone } from '../time/timezone.js';

// docs/leads.md 'SLA': when a lead's clocks end. Pure, so the server and any preview compute the same dates.

const MINUTE_MS = 60_000;
/** Enough days to place any SLA window the settings accept (30 days) even with one working hour a week. */
const MAX_DAYS_SCANNED = 400 * 7;

export interface LeadSlaSettings {
  initialSlaMinutes: number;
  freePoolSlaMinutes: number;
  /** null (or no day at all) means the clocks always run. */
  workingHours: WorkingHours | null;
  /** The asset's IANA zone; working hours are read in it. */
  timezone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function nextCalendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

function instant(date: string, time: string, zone: string): number {
  return dayjs.tz(`${date} ${time}`, zone).valueOf();
}

/**
 * The asset's working windows as [opens, closes] instants, one per working day, from the day of `start` (in the
 * zone) onwards, for at most MAX_DAYS_SCANNED days.
 */
function* workingWindows(start: number, workingHours: WorkingHours, timeZone: string): Generator<[number, number]> {
  const zone = resolveTimezone(timeZone);
  const byDay = new Map<number, WorkingDay>(workingHours.map((window) => [window.day, window]));
  let date = dayjs(start).tz(zone).format('YYYY-MM-DD');
  for (let scanned = 0; scanned < MAX_DAYS_SCANNED; scanned += 1) {
    const window = byDay.get(dayjs.tz(`${date} 12:00`, zone).day());
    if (window) yield [instant(date, window.start, zone), instant(date, window.end, zone)];
    date = nextCalendarDay(date);
  }
}

/** `start` plus `ms` of working time (plain addition without working hours). */
function addWorkingTime(start: Date, ms: number, workingHours: WorkingHours | null | undefined, timeZone: string): Date {
  if (!workingHours || workingHours.length === 0) return new Date(start.getTime() + ms);
  let remaining = Math.max(0, ms);
  let cursor = start.getTime();
  for (const [opens, closes] of workingWindows(cursor, workingHours, timeZone)) {
    if (cursor < opens) cursor = opens;
    if (cursor < closes) {
      if (remaining <= closes - cursor) return new Date(cursor + remaining);
      remaining -= closes - cursor;
      cursor = closes;
    }
  }
  // Unreachable with valid settings (a window exists every week); never loop forever.
  return new Date(start.getTime() + ms);
}

/**
 * `start` plus `minutes` of working time: the clock only runs inside the asset's working windows (in its
 * zone). Without working hours it is plain addition. A start outside a window waits for the next window.
 */
export function addWorkingMinutes(start: Date, minutes: number, workingHours: WorkingHours | null | undefined, timeZone: string): Date {
  return addWorkingTime(start, minutes * MINUTE_MS, workingHours, timeZone);
}

/** The working time (ms) between two instants: the part of [start, end) inside the asset's windows. */
export function workingTimeBetween(start: Date, end: Date, workingHours: WorkingHours | null | undefined, timeZone: string): number {
  const from = start.getTime();
  const to = end.getTime();
  if (to <= from) return 0;
  if (!workingHours || workingHours.length === 0) return to - from;
  let total = 0;
  for (const [opens, closes] of workingWindows(from, workingHours, timeZone)) {
    if (opens >= to) break;
    total += Math.max(0, Math.min(closes, to) - Math.max(opens, from));
  }
  return total;
}

/** Automatic SLA: the initial end after `initialSlaMinutes`, the pool end `freePoolSlaMinutes` after it. */
export function automaticSlaDates(now: Date, settings: LeadSlaSettings): { initialSlaEndDate: Date; freePoolSlaEndDate: Date } {
  const initialSlaEndDate = addWorkingMinutes(now, settings.initialSlaMinutes, settings.workingHours, settings.timezone);
  return {
    initialSlaEndDate,
    freePoolSlaEndDate: addWorkingMinutes(initialSlaEndDate, settings.freePoolSlaMinutes, settings.workingHours, settings.timezone),
  };
}

export interface LeadSlaPlanInput {
  now: Date;
  settings: LeadSlaSettings;
  /** Saved as a child of the customer's open lead: follows the parent, never pooled. */
  isChild: boolean;
  /** Spam and External Agent customers. */
  spamOrExternal: boolean;
  isManualAssignment: boolean;
  sendToPool: boolean;
  /** Manual SLA (setAutoSLADetails false, LEAD_UPDATE_SLA): the form's two dates, already validated. */
  manualDates?: { initialSlaEndDate: Date; freePoolSlaEndDate: Date } | null;
}

export interface LeadSlaPlan {
  initialSlaEndDate: Date | null;
  freePoolSlaEndDate: Date | null;
  /** The lead starts in the pool (sendToPool). */
  inPool: boolean;
}

const NO_SLA: LeadSlaPlan = { initialSlaEndDate: null, freePoolSlaEndDate: null, inPool: false };

/**
 * docs/leads.md 'SLA', in order: child leads and spam/external customers get no pool SLA; sendToPool starts in
 * the pool (initial end = now); manual SLA dates are taken as given; manual assignment gets none; otherwise
 * automatic dates.
 */
export function planLeadSla(input: LeadSlaPlanInput): LeadSlaPlan {
  if (input.isChild || input.spamOrExternal) return NO_SLA;
  if (input.sendToPool) {
    const freePoolSlaEndDate = addWorkingMinutes(
      input.now,
      input.settings.freePoolSlaMinutes,
      input.settings.workingHours,
      input.settings.timezone,
    );
    return { initialSlaEndDate: input.now, freePoolSlaEndDate, inPool: true };
  }
  if (input.manualDates) return { ...input.manualDates, inPool: false };
  if (input.isManualAssignment) return NO_SLA;
  return { ...automaticSlaDates(input.now, input.settings), inPool: false };
}

/** What the clock does next with a lead, judged at `now` (transitions happen once the deadline is reached). */
export interface LeadClockState {
  status: string;
  isAccepted: boolean;
  isInFreePool: boolean;
  isAssignedFromLeadPool: boolean;
  initialSlaEndDate: Date | null;
  freePoolSlaEndDate: Date | null;
}

export type LeadClockStep = 'enter_pool' | 'escalate' | null;

/**
 * The single transition due now, if any: the initial end passed unaccepted, or the pool end passed unclaimed.
 * Judged on the lead's state, one stage at a time: a lead not yet in the pool can only enter it, whatever its pool end.
 */
export function dueClockStep(lead: LeadClockState, now: Date, openStatus = 'Open'): LeadClockStep {
  if (lead.status !== openStatus || lead.isAccepted || lead.isAssignedFromLeadPool) return null;
  if (!lead.initialSlaEndDate || !lead.freePoolSlaEndDate) return null;
  const at = now.getTime();
  if (!lead.isInFreePool) return at >= lead.initialSlaEndDate.getTime() ? 'enter_pool' : null;
  return at >= lead.freePoolSlaEndDate.getTime() ? 'escalate' : null;
}

/**
 * docs/leads.md 'The clock': the pool end of a lead that enters the pool at `enteredAt`. The pool keeps the time it
 * was planned to have (initial end to pool end, in working time), counted from the moment the lead really entered:
 * an entry the clock could only apply late (PostgreSQL down, workers stopped) moves the pool end by the delay, so the
 * pool is never cut short or skipped. An entry on time keeps the planned end; the end never moves earlier.
 */
export function poolEndOnEntry(
  lead: { initialSlaEndDate: Date; freePoolSlaEndDate: Date },
  enteredAt: Date,
  settings: Pick<LeadSlaSettings, 'workingHours' | 'timezone'>,
): Date {
  const planned = lead.freePoolSlaEndDate;
  if (enteredAt.getTime() <= lead.initialSlaEndDate.getTime()) return planned;
  const poolTime = workingTimeBetween(lead.initialSlaEndDate, planned, settings.workingHours, settings.timezone);
  const moved = addWorkingTime(enteredAt, poolTime, settings.workingHours, settings.timezone);
  return moved.getTime() > planned.getTime() ? moved : planned;
}
