import { z } from 'zod';
import { isValidTimeZone, WorkingHoursSchema } from '../auth/asset-settings.schemas.js';
import { PERMISSIONS, type PermissionCode } from '../permissions/permission-codes.js';
import { optionalId, optionalText, requiredText } from '../validation/zod-helpers.js';

// The asset's Basic Settings (/settings/basic-settings) and Viewing Settings (/settings/viewing-setting): what the
// company shows of itself and how viewings are booked. Saved through PATCH /assets/{id}/basic-settings and
// PATCH /assets/{id}/viewing-settings; the working days and hours and the time zone are the ones the lead SLA clock
// reads (docs/leads.md 'Lead settings').

export const BASIC_SETTINGS_PERMISSIONS: PermissionCode[] = [PERMISSIONS.BASIC_SETTING_VIEW, PERMISSIONS.SUPER_ACCESS];
export const VIEWING_SETTINGS_PERMISSIONS: PermissionCode[] = [PERMISSIONS.VIEWING_SETTING_VIEW, PERMISSIONS.SUPER_ACCESS];

/** The languages a company may publish in (the public content API serves these). */
export const SETTINGS_LANGUAGES = ['en', 'ar', 'fr', 'de', 'es', 'ru', 'zh', 'hi', 'ur', 'fa'] as const;
export const SETTINGS_LANGUAGE_LABELS: Record<(typeof SETTINGS_LANGUAGES)[number], string> = {
  en: 'English',
  ar: 'Arabic',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  ru: 'Russian',
  zh: 'Chinese',
  hi: 'Hindi',
  ur: 'Urdu',
  fa: 'Persian',
};

export const SETTINGS_MESSAGES = {
  companyNameRequired: 'Company name is required.',
  emailInvalid: 'Email is invalid.',
  websiteInvalid: 'Website must be a web address starting with http:// or https://.',
  currencyInvalid: 'Currency must be a three-letter code such as AED.',
  timezoneInvalid: 'Timezone must be a valid IANA time zone.',
  languagesRequired: 'Choose at least one language.',
  languageInvalid: 'Language is invalid.',
  defaultLanguageNotChosen: 'The default language must be one of the chosen languages.',
  logoNotFound: 'Logo not found.',
  basicSaved: 'Basic settings have been updated successfully',
  viewingSaved: 'Viewing settings have been updated successfully',
  durationRange: 'Default duration must be 5 to 480 minutes.',
  reminderRange: 'A reminder must be 1 to 10080 minutes (7 days) before the viewing.',
  remindersMax: 'At most 5 reminders.',
  remindersUnique: 'Each reminder may appear only once.',
  feedbackRange: 'Feedback request delay must be 0 to 720 hours.',
  reviewLinkRange: 'A review link must last 1 to 90 days.',
} as const;

const M = SETTINGS_MESSAGES;
const language = z.enum(SETTINGS_LANGUAGES, M.languageInvalid);

/** What Basic Settings keeps beside the asset's own columns (stored in the asset's settings JSON). */
export const CompanyProfileSchema = z.strictObject({
  companyName: requiredText(M.companyNameRequired, undefined, 120),
  logo: optionalId('Logo'),
  email: z.union([z.email(M.emailInvalid).max(200), z.literal('')]).nullish(),
  phone: optionalText(40),
  address: optionalText(300),
  website: z.union([z.url({ protocol: /^https?$/, error: M.websiteInvalid }).max(300), z.literal('')]).nullish(),
  languages: z.array(language).min(1, M.languagesRequired).max(SETTINGS_LANGUAGES.length),
  defaultLanguage: language,
});

/** PATCH /assets/{id}/basic-settings: the whole form (every field sent), checked together. */
export const BasicSettingsInputSchema = CompanyProfileSchema.extend({
  currencyCode: z.string().regex(/^[A-Z]{3}$/, M.currencyInvalid),
  timezone: z.string().refine(isValidTimeZone, M.timezoneInvalid),
  workingHours: WorkingHoursSchema.nullable(),
}).superRefine((value, ctx) => {
  if (!value.languages.includes(value.defaultLanguage))
    ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: M.defaultLanguageNotChosen });
});
export type BasicSettingsInput = z.infer<typeof BasicSettingsInputSchema>;

/** PATCH /assets/{id}/viewing-settings. */
export const ViewingSettingsSchema = z.strictObject({
  defaultDurationMinutes: z.number(M.durationRange).int(M.durationRange).min(5, M.durationRange).max(480, M.durationRange),
  reminderMinutesBefore: z
    .array(z.number(M.reminderRange).int(M.reminderRange).min(1, M.reminderRange).max(10_080, M.reminderRange))
    .max(5, M.remindersMax)
    .refine((list) => new Set(list).size === list.length, M.remindersUnique),
  feedbackDelayHours: z.number(M.feedbackRange).int(M.feedbackRange).min(0, M.feedbackRange).max(720, M.feedbackRange),
  // How long the feedback mail's review link may be used; settings stored before it existed read the default.
  reviewLinkDays: z.number(M.reviewLinkRange).int(M.reviewLinkRange).min(1, M.reviewLinkRange).max(90, M.reviewLinkRange).default(14),
});
export type ViewingSettings = z.infer<typeof ViewingSettingsSchema>;

export const VIEWING_SETTINGS_DEFAULTS: ViewingSettings = {
  defaultDurationMinutes: 30,
  reminderMinutesBefore: [60],
  feedbackDelayHours: 2,
  reviewLinkDays: 14,
};

/** The stored company profile as the settings call answers it (defaults where nothing is stored yet). */
export const CompanyProfileRecordSchema = z.strictObject({
  companyName: z.string(),
  logo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileRecordSchema>;

/** GET /assets/{id}/profile-settings, and the answer of both PATCH calls: the asset's Basic and Viewing Settings. */
export const AssetProfileSettingsSchema = z.strictObject({
  _id: z.string(),
  currencyCode: z.string(),
  timezone: z.string(),
  workingHours: WorkingHoursSchema.nullable(),
  basic: CompanyProfileRecordSchema,
  viewing: ViewingSettingsSchema,
});
export type AssetProfileSettings = z.infer<typeof AssetProfileSettingsSchema>;

/** tRPC inputs: the asset id beside the body (REST carries it in the path). */
export const AssetIdInputSchema = z.strictObject({ id: z.string().min(1) });
export const UpdateBasicSettingsCallInputSchema = z.strictObject({ id: z.string().min(1), settings: BasicSettingsInputSchema });
export const UpdateViewingSettingsCallInputSchema = z.strictObject({ id: z.string().min(1), settings: ViewingSettingsSchema });
