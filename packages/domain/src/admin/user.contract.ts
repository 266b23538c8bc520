import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/auth.messages.js';
import { EmailSchema, NewPasswordSchema, ResetTokenSchema } from '../auth/auth.schemas.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { f } from '../resources/fields.js';
import { defineContract, recordWith, rel } from '../resources/contract.js';
import { requiredId, requiredText } from '../validation/zod-helpers.js';
import { ADMIN_MESSAGES } from './admin.messages.js';

// Admin > Users: the company's staff accounts. The engine serves the lists (company scope: another company's user
// is a 404); invite, create, update, enable/disable and reset are the module's own calls, since they hash
// passwords, issue single-use links and end sessions.

const M = ADMIN_MESSAGES.user;

/** The web page an invitation link opens (with the token in the query). */
export const ACCEPT_INVITE_PATH = '/auth/accept-invite';
/** An invitation link works this long (and once). */
export const INVITE_TTL_HOURS = 72;

/** The invitation mail's subject and text (the server sends it; the admin also gets the link to hand over). */
export function inviteMailOf(invite: { fullName: string; invitedBy: string; link: string; hours: number }): {
  subject: string;
  text: string;
} {
  return {
    subject: `${invite.invitedBy} invited you to the CRM`,
    text: `Hello ${invite.fullName},\n\n${invite.invitedBy} invited you to the CRM. Choose your password within ${invite.hours} hours here:\n${invite.link}\n\nIf you did not expect this invitation, ignore this mail.`,
  };
}
/** The mail of a reset an admin started: who reset it, and the link to choose a new password, with its deadline. */
export function adminResetMailOf(reset: { fullName: string; resetBy: string; link: string; expires: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: 'Your CRM password was reset',
    text: `Hello ${reset.fullName},

${reset.resetBy} reset your CRM password and ended your sessions. Choose a new password here (the link works once, until ${reset.expires}):
${reset.link}

If you did not expect this, tell your administrator.`,
  };
}
/** The mail to a user whose password someone else set: who did it, and that their sessions ended. */
export function passwordChangedMailOf(change: { fullName: string; changedBy: string }): { subject: string; text: string } {
  return {
    subject: 'Your CRM password was changed',
    text: `Hello ${change.fullName},

Your password was changed by ${change.changedBy}, and your sessions have ended. Sign in with the new password they give you.

If you did not expect this, tell your administrator.`,
  };
}
/** The mail to a user for whom someone else made a one-time sign-in link: who made it and until when it works. */
export function signInLinkMailOf(link: { fullName: string; createdBy: string; expires: string }): { subject: string; text: string } {
  return {
    subject: 'A sign-in link to your CRM account was made',
    text: `Hello ${link.fullName},

${link.createdBy} made a one-time sign-in link to your account (it works until ${link.expires}), and your sessions have ended.

If you did not expect this, tell your administrator.`,
  };
}
/** The reset token row's type for an invitation (password-reset rows share the table). */
export const INVITE_TOKEN_TYPE = 'invite';
/** The reset token row's type for a reset an admin started. */
export const ADMIN_RESET_TOKEN_TYPE = 'admin-reset';

export const userFields = {
  _id: f.id({ label: 'ID', exportable: false }),
  company: f.id({ label: 'Company', exportable: false }),
  fullName: f.string({ label: 'Name', sortable: true, searchable: true }),
  email: f.string({ label: 'Email', sortable: true, searchable: true }),
  role: f.ref('roles', { label: 'Role', nullable: false }),
  enabled: f.boolean({ label: 'Enabled', sortable: true }),
  lastLoginAt: f.date({ label: 'Last Login', nullable: true, sortable: true }),
  createdAt: f.date({ label: 'Created At', sortable: true }),
  updatedAt: f.date({ label: 'Updated At', sortable: true }),
};

const roleRef = { _id: f.id({ label: 'ID' }), name: f.string({ label: 'Name' }), code: f.string({ label: 'Code' }) };

export const userContract = defineContract({
  name: 'users',
  path: 'users',
  label: { one: 'user', many: 'users' },
  scope: 'company',
  fields: userFields,
  relations: { role: rel.one('roles', roleRef, { label: 'Role' }) },
  defaultSort: { field: 'fullName', direction: 1 },
  exportColumns: ['fullName', 'email', 'role.name', 'enabled', 'lastLoginAt', 'createdAt'],
  upsertKey: false,
  permissions: { read: [P.USERS_VIEW] },
});

export const UserRecordSchema = userContract.record;
export type UserRecord = z.infer<typeof UserRecordSchema>;

const assetIds = z.array(requiredId(ADMIN_MESSAGES.user.assetNotFound, 'Asset')).max(200);

const profileFields = {
  fullName: requiredText(M.fullNameRequired, undefined, 200),
  role: requiredId(M.roleRequired, 'Role'),
  /** The assets the user works in (a super admin sees every asset of the company anyway). */
  assets: assetIds,
};

/** `POST /users/invite`: the account is made without a password; the link answered lets its owner choose one. */
export const UserInviteInputSchema = z.strictObject({ email: EmailSchema, ...profileFields });
export type UserInviteInput = z.infer<typeof UserInviteInputSchema>;

/** `POST /users/create`: an account with a password the admin sets (and tells its owner). */
export const UserCreateInputSchema = z.strictObject({ email: EmailSchema, ...profileFields, password: NewPasswordSchema });
export type UserCreateInput = z.infer<typeof UserCreateInputSchema>;

/** `PATCH /users/{id}/account`: name, role and assets. */
export const UserUpdateInputSchema = z.strictObject({
  fullName: profileFields.fullName.optional(),
  role: profileFields.role.optional(),
  assets: assetIds.optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateInputSchema>;

/** `PATCH /users/{id}/status`. */
export const UserStatusInputSchema = z.strictObject({ enabled: z.boolean() });
export type UserStatusInput = z.infer<typeof UserStatusInputSchema>;

/** One user with the assets they work in (the edit form's values). */
export const UserDetailSchema = recordWith(userContract, { assets: z.array(z.string()) });
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** An invitation or an admin's reset: the single-use link, answered to the admin to pass on (mail is separate). */
export const UserLinkSchema = z.strictObject({ user: UserDetailSchema, link: z.string(), expiresAt: z.iso.datetime() });
export type UserLink = z.infer<typeof UserLinkSchema>;

/** `POST /auth/accept-invite`: the invitation's token and the chosen password; answers a session (signed in). */
export const AcceptInviteInputSchema = z
  .strictObject({ token: ResetTokenSchema, password: NewPasswordSchema, confirmPassword: z.string().optional() })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type AcceptInviteInput = z.infer<typeof AcceptInviteInputSchema>;

export const UserIdInputSchema = z.strictObject({ id: z.string().max(100) });
export const UserUpdateCallInputSchema = z.strictObject({ id: z.string().max(100), data: UserUpdateInputSchema });
export const UserStatusCallInputSchema = z.strictObject({ id: z.string().max(100), enabled: z.boolean() });
