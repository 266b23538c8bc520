import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.messages.js';
import { NewPasswordSchema } from './auth.schemas.js';

// The profile and assets calls (docs/api.md 'Other calls').

/** Record ids are UUIDs; `guid` accepts any 8-4-4-4-12 hex form (seeded ids need not be v4). */
export const IdSchema = z.guid();

export const UpdateProfileInputSchema = z.strictObject({
  fullName: z
    .string({ error: AUTH_MESSAGES.fullNameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.fullNameRequired)
    .max(120, AUTH_MESSAGES.nameTooLong(120))
    .optional(),
  /** A stored file id of the caller's company, or null to remove the avatar. */
  avatar: IdSchema.nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const ChangePasswordInputSchema = z
  .strictObject({
    currentPassword: z.string({ error: AUTH_MESSAGES.currentPasswordRequired }).min(1, AUTH_MESSAGES.currentPasswordRequired).max(1024),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPasswordRequired }).min(1, AUTH_MESSAGES.confirmPasswordRequired),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
    }
    if (value.currentPassword === value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.samePassword });
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const ChangeActiveAssetInputSchema = z.strictObject({
  asset: z.guid({
    error: (issue) => (issue.input === undefined || issue.input === '' ? AUTH_MESSAGES.assetRequired : AUTH_MESSAGES.assetInvalid),
  }),
});
export type ChangeActiveAssetInput = z.infer<typeof ChangeActiveAssetInputSchema>;

/** `userId` defaults to the caller; naming anyone else is refused. */
export const IntercomHashInputSchema = z.strictObject({
  userId: IdSchema.optional(),
});
export type IntercomHashInput = z.infer<typeof IntercomHashInputSchema>;

export const IntercomHashSchema = z.strictObject({ hash: z.string() });
export type IntercomHash = z.infer<typeof IntercomHashSchema>;

/** An asset as lists and the profile name an asset by. */
export const AssetRefSchema = z.strictObject({ _id: z.string(), name: z.string() });
export type AssetRef = z.infer<typeof AssetRefSchema>;

/** The caller's profile. `business` is the active asset's business settings (its currency). */
export const ProfileSchema = z.strictObject({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.strictObject({ _id: z.string(), name: z.string(), code: z.string(), permissions: z.array(z.string()) }),
  isRootUser: z.boolean(),
  company: z.strictObject({ _id: z.string(), name: z.string() }),
  activeAsset: AssetRefSchema.nullable(),
  assets: z.array(AssetRefSchema),
  avatar: z.strictObject({ _id: z.string(), file: z.string() }).nullable(),
  business: z.strictObject({ currency: z.strictObject({ code: z.string() }), timezone: z.string() }).nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** One login, logout or password event of the access log. */
export const AccessLogSchema = z.strictObject({
  _id: z.string(),
  email: z.string(),
  action: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AccessLog = z.infer<typeof AccessLogSchema>;

/** Access-log actions written by the server. */
export const ACCESS_LOG_ACTIONS = {
  LOGIN: 'login',
  LOGOUT: 'logout',
  REGISTER: 'register',
  CHANGE_PASSWORD: 'change-password',
  FORGOT_PASSWORD: 'forgot-password',
  RESET_PASSWORD: 'reset-password',
} as const;
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[keyof typeof ACCESS_LOG_ACTIONS];

/**
 * `?page=&limit=` of the caller's own access logs. Same normalisation as the list filter: page 0 or less
 * becomes 1, limit 0 or less becomes 10; at most 100 a page (the log only grows).
 */
export const AccessLogQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number.' }).int('Limit must be a whole number.').optional(),
  /** Tenancy parameter every request may carry; profile data is not asset-scoped. */
  asset: z.string().optional(),
});
export type AccessLogQuery = z.infer<typeof AccessLogQuerySchema>;

export const ACCESS_LOG_MAX_LIMIT = 100;
