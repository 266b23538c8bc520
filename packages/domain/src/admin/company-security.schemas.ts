import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin.messages.js';

// Admin > Settings: the company's security settings (password policy, session length, who must use two-factor
// sign-in) and the two-factor calls. The server enforces them at sign-in and wherever a password is set.

const M = ADMIN_MESSAGES.settings;

export const PASSWORD_MIN_LENGTH_RANGE = { min: 8, max: 64 } as const;
/** A sign-in lasts at least 15 minutes and at most 90 days without use. */
export const SESSION_MINUTES_RANGE = { min: 15, max: 90 * 24 * 60 } as const;
/** Recovery codes issued when two-factor sign-in is turned on, each working once. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Engage CRM';

export const CompanySecuritySchema = z.strictObject({
  passwordMinLength: z
    .number({ error: M.passwordMinLengthRange })
    .int(M.passwordMinLengthRange)
    .min(PASSWORD_MIN_LENGTH_RANGE.min, M.passwordMinLengthRange)
    .max(PASSWORD_MIN_LENGTH_RANGE.max, M.passwordMinLengthRange),
  /** null: the server's default session length. */
  sessionMinutes: z
    .number({ error: M.sessionMinutesRange })
    .int(M.sessionMinutesRange)
    .min(SESSION_MINUTES_RANGE.min, M.sessionMinutesRange)
    .max(SESSION_MINUTES_RANGE.max, M.sessionMinutesRange)
    .nullable(),
  /** The role codes whose users must sign in with an authenticator code. */
  twoFactorRoles: z.array(z.string().min(1).max(100)).max(200),
});
export type CompanySecurity = z.infer<typeof CompanySecuritySchema>;

/** `POST /two-factor/setup`: a new secret, as text and as the otpauth:// link an authenticator app reads. */
export const TwoFactorSetupSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** A code from the authenticator app (6 digits) or a recovery code. */
export const TwoFactorCodeSchema = z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).max(64);

export const TwoFactorCodeInputSchema = z.strictObject({ code: TwoFactorCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInputSchema>;

/** The recovery codes, shown once. */
export const RecoveryCodesSchema = z.strictObject({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The caller's own two-factor state. */
export const TwoFactorStatusSchema = z.strictObject({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** What a 401 of sign-in carries in `data` when a second factor is needed: a code, or enrolment first. */
export const TWO_FACTOR_STEPS = { CODE: 'code', SETUP: 'setup' } as const;
