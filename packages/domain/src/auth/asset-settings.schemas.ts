import { z } from 'zod';
import { PERMISSIONS, type PermissionCode } from '../permissions/permission-codes.js';
import { PRIMARY_CRMS } from '../integrations/integration-sync-policy.js';

// docs/leads.md 'Lead settings': per-asset rules of lead routing and SLA, edited on /settings/lead-setting
// through PATCH /assets/{id}/settings.

export const ASSIGNMENT_STRATEGIES = ['round_robin', 'least_loaded', 'weighted'] as const;
export type AssignmentStrategy = (typeof ASSIGNMENT_STRATEGIES)[number];

/** At the daily quota: 'warn' assigns anyway with limitsWarning; 'next_agent' passes over agents at quota while another is under it. */
export const QUOTA_ACTIONS = ['warn', 'next_agent'] as const;
export type QuotaAction = (typeof QUOTA_ACTIONS)[number];

export const LEAD_SETTING_DEFAULTS = {
  initialSlaMinutes: 30,
  freePoolSlaMinutes: 120,
  assignmentStrategy: 'round_robin',
  dailyLeadQuota: 0,
  workingHours: null,
  timezone: 'Asia/Dubai',
  slaWorkingHoursOnly: true,
  excludeTestAgents: true,
  quotaAction: 'warn',
  primaryCrm: 'none',
} as const satisfies Record<string, unknown>;

/**
 * Who may change an asset's lead settings. The Lead Setting page is gated by LEAD_SETTING_VIEW and there is
 * no separate 'update' code, so whoever may open the page may save it; super access may too.
 */
export const ASSET_SETTINGS_PERMISSIONS: PermissionCode[] = [PERMISSIONS.LEAD_SETTING_VIEW, PERMISSIONS.SUPER_ACCESS];

/** Minutes in 30 days: the longest SLA window the settings accept. */
export const MAX_SLA_MINUTES = 43_200;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True when the runtime knows the IANA zone ('Asia/Dubai', 'UTC'). */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One working window of a weekday, in the asset's time zone. `day` follows Date#getDay: 0 is Sunday. */
export const WorkingDaySchema = z
  .strictObject({
    day: z.number().int().min(0, 'Day must be 0 (Sunday) to 6 (Saturday).').max(6, 'Day must be 0 (Sunday) to 6 (Saturday).'),
    start: z.string().regex(TIME_OF_DAY, 'Start must be a time like 09:00.'),
    end: z.string().regex(TIME_OF_DAY, 'End must be a time like 18:00.'),
  })
  .refine((value) => value.start < value.end, { path: ['end'], message: 'End must be after start.' });
export type WorkingDay = z.infer<typeof WorkingDaySchema>;

/** At most one window per weekday; a day that is absent has no working time. `null` means always. */
export const WorkingHoursSchema = z
  .array(WorkingDaySchema)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Each day may appear only once.');
export type WorkingHours = z.infer<typeof WorkingHoursSchema>;

const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes.` })
    .int(`${label} must be a whole number of minutes.`)
    .min(1, `${label} must be at least 1 minute.`)
    .max(MAX_SLA_MINUTES, `${label} must be at most ${MAX_SLA_MINUTES} minutes.`);

/** A partial update: only the fields sent change. */
export const AssetSettingsInputSchema = z.strictObject({
  initialSlaMinutes: minutes('Initial SLA').optional(),
  freePoolSlaMinutes: minutes('Free Pool SLA').optional(),
  assignmentStrategy: z.enum(ASSIGNMENT_STRATEGIES, 'Assignment strategy must be one of round_robin, least_loaded, weighted.').optional(),
  dailyLeadQuota: z
    .number({ error: 'Daily lead quota must be a number.' })
    .int('Daily lead quota must be a whole number.')
    .min(0, 'Daily lead quota must be at least 0.')
    .max(100_000, 'Daily lead quota must be at most 100000.')
    .optional(),
  workingHours: WorkingHoursSchema.nullable().optional(),
  timezone: z.string().refine(isValidTimeZone, 'Timezone must be a valid IANA time zone.').optional(),
  // docs/leads.md 'Lead settings': whether the SLA clock skips the time outside workingHours, and whether test
  // agents are left out of automatic assignment and the pool.
  slaWorkingHoursOnly: z.boolean('Working hours only must be true or false.').optional(),
  excludeTestAgents: z.boolean('Exclude test agents must be true or false.').optional(),
  quotaAction: z.enum(QUOTA_ACTIONS, 'Quota action must be one of warn, next_agent.').optional(),
  // docs/leads.md 'Lead settings': the CRM the leads' sync calls push to (or refresh from).
  primaryCrm: z.enum(PRIMARY_CRMS, `Primary CRM must be one of ${PRIMARY_CRMS.join(', ')}.`).optional(),
});
export type AssetSettingsInput = z.infer<typeof AssetSettingsInputSchema>;

/** An asset as the assets list and the settings call answer it (the usual record fields plus its settings). */
export const AssetSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  company: z.string(),
  timezone: z.string(),
  currencyCode: z.string(),
  initialSlaMinutes: z.number().int(),
  freePoolSlaMinutes: z.number().int(),
  assignmentStrategy: z.enum(ASSIGNMENT_STRATEGIES),
  dailyLeadQuota: z.number().int(),
  workingHours: WorkingHoursSchema.nullable(),
  slaWorkingHoursOnly: z.boolean(),
  excludeTestAgents: z.boolean(),
  quotaAction: z.enum(QUOTA_ACTIONS),
  primaryCrm: z.enum(PRIMARY_CRMS),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  creator: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Asset = z.infer<typeof AssetSchema>;

/** tRPC `assets.updateSettings`: the asset id beside the settings (REST carries the id in the path). */
export const UpdateAssetSettingsCallInputSchema = z.strictObject({ id: z.string().min(1), settings: AssetSettingsInputSchema });
export type UpdateAssetSettingsCallInput = z.infer<typeof UpdateAssetSettingsCallInputSchema>;
