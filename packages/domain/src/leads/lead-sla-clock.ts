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
 * `start` plus `minutes` of working time: the clock only runs inside the asset's working windows (in its
 * zone). Without working hours it is plain addition. A start outside a window waits for the next window.
 */
export function addWorkingMinutes(start: Date, minutes: number, workingHours: WorkingHours | null | undefined, timeZone: string): Date {
  if (!workingHours || workingHours.length === 0) return new Date(start.getTime() + minutes * MINUTE_MS);
  const zone = resolveTimezone(timeZone);
  const byDay = new Map<number, WorkingDay>(workingHours.map((window) => [window.day, window]));
  let remaining = Math.max(0, minutes) * MINUTE_MS;
  let cursor = start.getTime();
  let date = dayjs(cursor).tz(zone).format('YYYY-MM-DD');
  for (let scanned = 0; scanned < MAX_DAYS_SCANNED; scanned += 1) {
    const window = byDay.get(dayjs.tz(`${date} 12:00`, zone).day());
    if (window) {
      const opens = instant(date, window.start, zone);
      const closes = instant(date, window.end, zone);
      if (cursor < opens) cursor = opens;
      if (cursor < closes) {
        if (remaining <= closes - cursor) return new Date(cursor + remaining);
        remaining -= closes - cursor;
        cursor = closes;
      }
    }
    date = nextCalendarDay(date);
    cursor = Math.max(cursor, instant(date, '00:00', zone));
  }
  // Unreachable with valid settings (a window exists every week); never loop forever.
  return new Date(start.getTime() + minutes * MINUTE_MS);
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

/** The single transition due now, if any: the initial end passed unaccepted, or the pool end passed unclaimed. */
export function dueClockStep(lead: LeadClockState, now: Date, openStatus = 'Open'): LeadClockStep {
  if (lead.status !== openStatus || lead.isAccepted || lead.isAssignedFromLeadPool) return null;
  if (!lead.initialSlaEndDate || !lead.freePoolSlaEndDate) return null;
  const at = now.getTime();
  if (!lead.isInFreePool) return at >= lead.initialSlaEndDate.getTime() ? 'enter_pool' : null;
  return at >= lead.freePoolSlaEndDate.getTime() ? 'escalate' : null;
}
