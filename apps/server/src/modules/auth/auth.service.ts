import { seedPlaces } from '../lookups/index.js';
import { createHash } from 'node:crypto';
import { passwordPolicyProblem } from '@crm/domain/password-policy';
import {
  ACCESS_LOG_ACTIONS,
  ACCOUNT_MAIL_KINDS,
  LIMITS,
  AUTH_MESSAGES,
  DEFAULT_ROLES,
  ROLE_CODES,
  PATHS,
  type LoginInput,
  type MessageResult,
  type RegisterInput,
  type Session,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { Prisma } from '../../generated/prisma/client.js';
import { checkSecondFactor } from '../admin/index.js';
import { issueAccessToken, revokeSession } from './access-token.service.js';
import { writeAccessLog } from './access-log.service.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.service.js';
import type { RequestMeta } from './auth.types.js';
import type { MailMessage } from '../../core/mailer.js';

type AuthDeps = Pick<AppDeps, 'env' | 'db' | 'clock'>;

/** A stable, short, one-way name for an account in log lines (never the address). */
function accountHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12);
}

/** Why a login failed: written to the access log and the denial line, never told to the caller. */
type LoginFailure = 'unknown_email' | 'bad_password' | 'disabled' | 'second_factor';

async function denyLogin(deps: AuthDeps, email: string, reason: LoginFailure, meta: RequestMeta, user?: { id: string; companyId: string }) {
  // The email is personal data: the access log (database, admins only) keeps it; the log line a short hash to correlate.
  meta.log.warn(
    { event: 'auth.denied', action: ACCESS_LOG_ACTIONS.LOGIN, account: accountHash(email), reason, ip: meta.ip },
    'login denied',
  );
  await writeAccessLog(
    deps.db,
    { email, action: ACCESS_LOG_ACTIONS.LOGIN, success: false, reason, userId: user?.id ?? null, companyId: user?.companyId ?? null },
    meta,
  );
}

/**
 * POST /auth/login. An unknown email and a wrong password answer the same 401 after the same work (a dummy
 * argon2 verification for the unknown email), so neither the message nor the timing reveals an account.
 */
export async function login(deps: AuthDeps, input: LoginInput, meta: RequestMeta): Promise<Session> {
  const user = await deps.db.user.findUnique({
    where: { email: input.email },
    select: { id: true, companyId: true, passwordHash: true, enabled: true, tokenVersion: true },
  });
  if (!user) {
    await verifyAgainstDummy(input.password);
    await denyLogin(deps, input.email, 'unknown_email', meta);
    throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await denyLogin(deps, input.email, 'bad_password', meta, user);
    throw AppError.unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  // Only someone who knows the password learns that the account is disabled.
  if (!user.enabled) {
    await denyLogin(deps, input.email, 'disabled', meta, user);
    throw AppError.unauthorized(AUTH_MESSAGES.accountDisabled);
  }
  // Two-factor sign-in (modules/admin/two-factor.service.ts): a missing or wrong code is a failed sign-in too.
  try {
    await checkSecondFactor(deps, { id: user.id, email: input.email }, input.code);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') await denyLogin(deps, input.email, 'second_factor', meta, user);
    throw error;
  }
  const session = await issueAccessToken(deps, user, meta);
  await deps.db.user.update({ where: { id: user.id }, data: { lastLoginAt: deps.clock.now() } });
  await writeAccessLog(
    deps.db,
    { email: input.email, action: ACCESS_LOG_ACTIONS.LOGIN, success: true, userId: user.id, companyId: user.companyId },
    meta,
  );
  return session;
}

/** POST /auth/logout: revokes the calling session; the same token then answers 401. */
export async function logout(deps: AuthDeps, actor: Actor, meta: RequestMeta): Promise<{ success: true; message: string }> {
  await revokeSession(deps, actor.sessionId);
  await writeAccessLog(
    deps.db,
    { email: actor.email, action: ACCESS_LOG_ACTIONS.LOGOUT, success: true, userId: actor.userId, companyId: actor.companyId },
    meta,
  );
  return { success: true, message: AUTH_MESSAGES.loggedOut };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** A mail sent without awaiting delivery: a slow SMTP server must not tell a new account from a known one. */
function sendInBackground(deps: RegisterDeps, message: MailMessage, meta: RequestMeta): void {
  deps.mailer
    .send(message)
    .catch((error: unknown) => meta.log.error({ err: error, event: 'mail.failed' }, 'register mail could not be sent'));
}

function loginLink(env: AppDeps['env']): string {
  return new URL(PATHS.AUTH_LOGIN, env.APP_URL).toString();
}

/** The owner of an existing account hears that someone tried to sign up with it; the caller hears nothing. */
function noticeExistingAccount(
  deps: RegisterDeps,
  email: string,
  meta: RequestMeta,
  owner: { id: string; companyId: string } | null,
): void {
  meta.log.info({ event: 'auth.register_existing', account: accountHash(email) }, 'sign-up with an email that has an account');
  sendInBackground(
    deps,
    {
      to: email,
      about: { kind: ACCOUNT_MAIL_KINDS.SIGN_UP_EXISTING, companyId: owner?.companyId ?? null, userId: owner?.id ?? null },
      subject: 'Someone tried to sign up with your email',
      text: `Hello,\n\nSomeone tried to create a new account with this email address, which already has one. If it was you, sign in here:\n${loginLink(deps.env)}\n\nIf you forgot your password, use 'Forgot password' on that page. If it was not you, ignore this mail; nothing has changed.`,
    },
    meta,
  );
}

type RegisterDeps = Pick<AppDeps, 'env' | 'db' | 'clock' | 'mailer'>;

/**
 * POST /auth/register: sign-up of a new back-office. Creates, in one transaction, the company, its first
 * asset (named `assetName`, else the company name), the four default roles, and the registering user as
 * SUPER_ADMIN of that asset, and mails the new owner where to sign in. The answer is the same whether or not the
 * email already has an account (same status, same body, the password hashed either way): an existing account's
 * owner gets a notice mail instead, so sign-up cannot be used to find out who has an account.
 */
export async function register(deps: RegisterDeps, input: RegisterInput, meta: RequestMeta): Promise<MessageResult> {
  const answer = { success: true, message: AUTH_MESSAGES.registerCheckEmail };
  // The password policy's defaults (no company yet), checked before anything else so the answer says nothing of the email.
  const weak = passwordPolicyProblem(input.password, LIMITS.PASSWORD_MIN_LENGTH, [input.email, input.fullName, input.companyName]);
  if (weak) throw AppError.validation({ password: [weak] }, weak);
  const existing = await deps.db.user.findUnique({ where: { email: input.email }, select: { id: true, companyId: true } });
  // Hashed in both cases, so the time taken says nothing either.
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    // Recorded for the account's admins, as a sign-up writes its own row.
    await writeAccessLog(
      deps.db,
      {
        email: input.email,
        action: ACCESS_LOG_ACTIONS.REGISTER,
        success: false,
        reason: 'email_taken',
        userId: existing.id,
        companyId: existing.companyId,
      },
      meta,
    );
    noticeExistingAccount(deps, input.email, meta, existing);
    return answer;
  }
  let user: { id: string; companyId: string };
  try {
    user = await deps.db.$transaction(async (tx) => {
      const company = await tx.company.create({ data: { name: input.companyName } });
      await seedPlaces(tx, company.id);
      const asset = await tx.asset.create({ data: { companyId: company.id, name: input.assetName ?? input.companyName } });
      await tx.role.createMany({
        data: DEFAULT_ROLES.map((role) => ({
          companyId: company.id,
          code: role.code,
          name: role.name,
          permissions: [...role.permissions],
        })),
      });
      const owner = await tx.role.findUniqueOrThrow({ where: { companyId_code: { companyId: company.id, code: ROLE_CODES.SUPER_ADMIN } } });
      const created = await tx.user.create({
        data: {
          companyId: company.id,
          roleId: owner.id,
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          activeAssetId: asset.id,
          assets: { create: [{ assetId: asset.id }] },
        },
        select: { id: true, companyId: true },
      });
      await tx.asset.update({ where: { id: asset.id }, data: { creatorId: created.id, updatedById: created.id } });
      return created;
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides, the loser hears the same answer.
    if (isUniqueViolation(error)) {
      const owner = await deps.db.user.findUnique({ where: { email: input.email }, select: { id: true, companyId: true } });
      noticeExistingAccount(deps, input.email, meta, owner);
      return answer;
    }
    throw error;
  }
  await writeAccessLog(
    deps.db,
    { email: input.email, action: ACCESS_LOG_ACTIONS.REGISTER, success: true, userId: user.id, companyId: user.companyId },
    meta,
  );
  sendInBackground(
    deps,
    {
      to: input.email,
      about: { kind: ACCOUNT_MAIL_KINDS.SIGN_UP, companyId: user.companyId, userId: user.id },
      subject: 'Your account is ready',
      text: `Hello ${input.fullName},\n\nYour back-office for ${input.companyName} is ready. Sign in with this email and the password you chose:\n${loginLink(deps.env)}`,
    },
    meta,
  );
  return answer;
}
