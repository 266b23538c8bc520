import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { LIMITS } from '../constants/limits.constants.js';
import { AUTH_MESSAGES } from './auth.messages.js';

// Auth calls and the new account form (docs/api.md 'Authentication'). The browser's forms and the server's route
// schemas parse with these same objects; every body is strict, so an unknown field is a 400, never dropped.

/** The web page a reset mail links to (with token, email and type in the query). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** Long enough for any real password, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;

/** Trimmed and lower-cased: accounts are looked up by the lower-case address. */
export const EmailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.auth.emailRequired : MESSAGES.auth.emailInvalid) })
  .trim()
  .min(1, { error: MESSAGES.auth.emailRequired, abort: true })
  .max(254, { error: MESSAGES.auth.emailInvalid, abort: true })
  .toLowerCase()
  .email(MESSAGES.auth.emailInvalid);

/** A password being set: minimum length 8. */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.auth.passwordRequired })
  .min(1, { error: MESSAGES.auth.passwordRequired, abort: true })
  .min(LIMITS.PASSWORD_MIN_LENGTH, MESSAGES.auth.passwordMinLength(LIMITS.PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMaxLength(PASSWORD_MAX_LENGTH));

/** A password being checked: only required, so a policy change never locks out an existing account. */
const CurrentPasswordSchema = (message: string) =>
  z.string({ error: message }).min(1, message).max(1024, AUTH_MESSAGES.passwordMaxLength(1024));

const NameSchema = (requiredMessage: string, max = 120) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, AUTH_MESSAGES.nameTooLong(max));

/** Which product's reset page the mail links to; the original client always sends 'oac'. */
export const ResetTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'Type is invalid.')
  .default('oac');

/** Adds the 'Passwords do not match.' check on `confirmPassword` when it is present. */
function confirmMatches(value: { password: string; confirmPassword?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDoNotMatch });
  }
}

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: CurrentPasswordSchema(MESSAGES.auth.passwordRequired),
  /** The second factor (an authenticator code or a recovery code) when the account or its role uses one. */
  code: z.string().trim().max(64).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/**
 * Self-service sign-up of a new back-office: a company, its first asset, the four roles, and the
 * registering user as its SUPER_ADMIN. `assetName` defaults to the company name.
 */
export const RegisterInputSchema = z
  .strictObject({
    companyName: NameSchema(AUTH_MESSAGES.companyNameRequired),
    assetName: NameSchema(AUTH_MESSAGES.assetNameRequired).optional(),
    fullName: NameSchema(AUTH_MESSAGES.fullNameRequired),
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .superRefine(confirmMatches);
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const ForgotPasswordInputSchema = z.strictObject({
  email: EmailSchema,
  type: ResetTypeSchema,
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

/** The reset token travels as the bearer token; the body names the email it was sent to. */
export const VerifyTokenInputSchema = z.strictObject({
  email: EmailSchema,
});
export type VerifyTokenInput = z.infer<typeof VerifyTokenInputSchema>;

const ResetPasswordFields = {
  password: NewPasswordSchema,
  confirmPassword: z.string().optional(),
  type: ResetTypeSchema,
};

/** REST: the reset token is the bearer token. */
export const ResetPasswordInputSchema = z.strictObject(ResetPasswordFields).superRefine(confirmMatches);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The reset token itself: 32 random bytes, base64url. */
export const ResetTokenSchema = z.string().trim().min(16).max(256);

/** tRPC: a batch link cannot set a header per call, so the token may also come in the input. */
export const ResetPasswordCallInputSchema = z
  .strictObject({ ...ResetPasswordFields, token: ResetTokenSchema.optional() })
  .superRefine(confirmMatches);
export type ResetPasswordCallInput = z.infer<typeof ResetPasswordCallInputSchema>;

export const VerifyTokenCallInputSchema = z.strictObject({ email: EmailSchema, token: ResetTokenSchema.optional() });
export type VerifyTokenCallInput = z.infer<typeof VerifyTokenCallInputSchema>;

/** The session: the object holding access_token (docs/api.md 'Authentication'). */
export const SessionSchema = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  expires_at: z.iso.datetime(),
  /**
   * Spent by `auth/refresh` for the next session (docs/api.md 'Refresh tokens'); works once. The server always
   * answers it; optional so a session a browser stored before refresh tokens existed still reads as a session.
   */
  refresh_token: z.string().optional(),
  refresh_expires_at: z.iso.datetime().optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/** `POST /auth/refresh`: the session's refresh token. */
export const RefreshInputSchema = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

/** Refresh this long before the access token expires, so a call never goes out with an expired one. */
export const SESSION_REFRESH_MARGIN_MS = 60_000;

export const MessageResultSchema = z.strictObject({ success: z.boolean(), message: z.string() });
export type MessageResult = z.infer<typeof MessageResultSchema>;
