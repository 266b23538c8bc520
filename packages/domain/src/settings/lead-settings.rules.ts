import {
  AssetSettingsInputSchema,
  type AssetSettingsInput,
  type AssignmentStrategy,
  type QuotaAction,
  type WorkingHours,
} from '../auth/asset-settings.schemas.js';
import type { PrimaryCrm } from '../integrations/integration-sync-policy.js';
import { automaticSlaDates, type LeadSlaSettings } from '../leads/lead-sla-clock.js';

// docs/leads.md 'Lead settings': the rules an asset's lead settings must keep together, and the clock they give.
// Shared by the Lead Setting page (its preview and messages) and the server (which refuses what breaks them).

export const LEAD_SETTINGS_MESSAGES = {
  freePoolShorterThanInitial: (initial: number) => `Free Pool SLA must be at least the Initial SLA (${initial} minutes).`,
  saved: 'Lead settings have been updated successfully',
} as const;

/** The lead settings as stored once a change is applied (every field known). */
export interface LeadSettingsValues {
  initialSlaMinutes: number;
  freePoolSlaMinutes: number;
  slaWorkingHoursOnly: boolean;
  workingHours: WorkingHours | null;
  timezone: string;
}

/** Field messages (SPEC section 5 style, by field) for settings that break a rule across fields; empty when valid. */
export function leadSettingsFieldErrors(
  values: Pick<LeadSettingsValues, 'initialSlaMinutes' | 'freePoolSlaMinutes'>,
): Record<string, string[]> {
  if (values.freePoolSlaMinutes < values.initialSlaMinutes) {
    return { freePoolSlaMinutes: [LEAD_SETTINGS_MESSAGES.freePoolShorterThanInitial(values.initialSlaMinutes)] };
  }
  return {};
}

/** The stored values with a partial change applied (what the server checks before it writes anything). */
export function applyLeadSettingsChange<T extends LeadSettingsValues>(stored: T, change: AssetSettingsInput): T {
  const next = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

/** What the SLA clock runs on: working hours count only when the asset says the clock keeps to them. */
export function slaClockSettings(values: LeadSettingsValues): LeadSlaSettings {
  return {
    initialSlaMinutes: values.initialSlaMinutes,
    freePoolSlaMinutes: values.freePoolSlaMinutes,
    workingHours: values.slaWorkingHoursOnly ? values.workingHours : null,
    timezone: values.timezone,
  };
}

/** The SLA end dates a lead created at `now` and assigned automatically would get under these settings. */
export function newLeadSlaPreview(now: Date, values: LeadSettingsValues): { initialSlaEndDate: Date; freePoolSlaEndDate: Date } {
  return automaticSlaDates(now, slaClockSettings(values));
}

/** The Lead Setting form: the PATCH body's fields plus the cross-field rule, so the browser shows the server's message. */
export const LeadSettingsFormSchema = AssetSettingsInputSchema.superRefine((value, ctx) => {
  if (value.initialSlaMinutes === undefined || value.freePoolSlaMinutes === undefined) return;
  for (const [path, messages] of Object.entries(
    leadSettingsFieldErrors({ initialSlaMinutes: value.initialSlaMinutes, freePoolSlaMinutes: value.freePoolSlaMinutes }),
  )) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [path], message });
  }
});

/** How the page names what happens at the daily quota. */
export const QUOTA_ACTION_LABELS: Record<QuotaAction, string> = {
  warn: 'Assign anyway, with a quota warning',
  next_agent: 'Pass the lead to an agent under the quota (warn when nobody is)',
};

/** How the page names each primary CRM (the leads' sync calls go to it). */
export const PRIMARY_CRM_LABELS: Record<PrimaryCrm, string> = {
  none: 'None (the sync calls answer that no CRM is set)',
  goyzer: 'Goyzer',
  salesforce: 'Salesforce',
  engage: 'Engage',
};

/** How the page names each routing strategy. */
export const ASSIGNMENT_STRATEGY_LABELS: Record<AssignmentStrategy, string> = {
  round_robin: 'Round robin (each eligible agent in turn)',
  least_loaded: 'Least loaded (fewest open leads)',
  weighted: "Weighted (open leads per member's lead weight)",
};
