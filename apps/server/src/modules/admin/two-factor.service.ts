import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN_MESSAGES,
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
  TWO_FACTOR_STEPS,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { openText, sealText, secretBox } from '../../core/secret-box.js';

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238, through otpauth: SHA-1, 6 digits, 30 s, one step of
// clock drift either way) and single-use recovery codes (only their SHA-256 is stored). Sign-in asks for the code
// when the user has turned it on, and makes a user whose role requires it set it up first (login's 401 carries the
// new secret; the next sign-in with a valid code turns it on). A wrong code is a failed sign-in: 401, and it counts
// against the sign-in rate limit (auth-rate-limit.ts).

type Deps = Pick<AppDeps, 'db' | 'clock' | 'env'>;

// The seed is sealed at rest (core/secret-box.ts) and bound to its user: a database copy does not give the codes away.
const seedBinding = (userId: string) => `totp:${userId}`;
const sealSeed = (deps: Deps, userId: string, seed: string) => sealText(secretBox(deps.env), seed, seedBinding(userId));
const seedOf = (deps: Deps, userId: string, stored: string | null) =>
  stored ? openText(secretBox(deps.env), stored, seedBinding(userId)) : null;
const M = ADMIN_MESSAGES.settings;

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

const PERIOD_MS = 30_000;

/**
 * Accepts a code once: it must match the secret (one step of drift either way) and belong to a later 30-second step
 * than the last code accepted for the user, recorded under a condition so a code replayed, even at the same moment,
 * is refused.
 */
async function spendTotp(deps: Deps, userId: string, secret: string, email: string, code: string): Promise<boolean> {
  const now = deps.clock.now().getTime();
  const delta = totpOf(secret, email).validate({ token: code.replace(/\s+/g, ''), timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / PERIOD_MS) + delta;
  const spent = await deps.db.user.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return spent.count === 1;
}

const hashCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase().replace(/-/g, '')).digest('hex');

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

function newSecret(email: string): { secret: string; setup: TwoFactorSetup } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, setup: { secret, otpauthUrl: totpOf(secret, email).toString() } };
}

/** POST two-factor/setup: a new secret for the caller (not yet on: confirmed by the first valid code). */
export async function startTwoFactorSetup(deps: Deps, actor: Actor): Promise<TwoFactorSetup> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpEnabledAt: true } });
  if (user.totpEnabledAt) throw AppError.conflict(M.alreadyEnabled);
  const { secret, setup } = newSecret(actor.email);
  await deps.db.user.update({ where: { id: actor.userId }, data: { totpSecret: sealSeed(deps, actor.userId, secret) } });
  return setup;
}

/** POST two-factor/enable: the first valid code turns it on; answers the recovery codes, shown once. */
export async function enableTwoFactor(deps: Deps, actor: Actor, code: string): Promise<RecoveryCodes> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw AppError.conflict(M.alreadyEnabled);
  const seed = seedOf(deps, actor.userId, user.totpSecret);
  if (!seed) throw AppError.conflict(M.notStarted);
  if (!(await spendTotp(deps, actor.userId, seed, actor.email, code))) throw AppError.validation({ code: [M.codeInvalid] });
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.user.update({ where: { id: actor.userId }, data: { totpEnabledAt: deps.clock.now(), recoveryCodeHashes: hashes } });
  return { codes };
}

async function requiredForRole(deps: Deps, userId: string): Promise<boolean> {
  const user = await deps.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { role: { select: { code: true } }, company: { select: { twoFactorRoles: true } } },
  });
  return user.company.twoFactorRoles.includes(user.role.code);
}

/** POST two-factor/disable: with a valid code, unless the caller's role requires it. */
export async function disableTwoFactor(deps: Deps, actor: Actor, code: string): Promise<TwoFactorStatus> {
  if (await requiredForRole(deps, actor.userId)) throw AppError.conflict(M.requiredByRole);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpSecret: true, totpEnabledAt: true } });
  const seed = seedOf(deps, actor.userId, user.totpSecret);
  if (!user.totpEnabledAt || !seed) throw AppError.conflict(M.notEnabled);
  if (!(await spendTotp(deps, actor.userId, seed, actor.email, code))) throw AppError.validation({ code: [M.codeInvalid] });
  await deps.db.user.update({
    where: { id: actor.userId },
    data: { totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [], totpLastStep: null },
  });
  return { enabled: false, required: false, recoveryCodesLeft: 0 };
}

/** POST two-factor/recovery-codes: new codes (the old ones stop working), with a valid authenticator code. */
export async function renewRecoveryCodes(deps: Deps, actor: Actor, code: string): Promise<RecoveryCodes> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpSecret: true, totpEnabledAt: true } });
  const seed = seedOf(deps, actor.userId, user.totpSecret);
  if (!user.totpEnabledAt || !seed) throw AppError.conflict(M.notEnabled);
  if (!(await spendTotp(deps, actor.userId, seed, actor.email, code))) throw AppError.validation({ code: [M.codeInvalid] });
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.user.update({ where: { id: actor.userId }, data: { recoveryCodeHashes: hashes } });
  return { codes };
}

/** GET two-factor: the caller's own state. */
export async function twoFactorStatus(deps: Deps, actor: Actor): Promise<TwoFactorStatus> {
  const user = await deps.db.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { totpEnabledAt: true, recoveryCodeHashes: true },
  });
  return {
    enabled: user.totpEnabledAt !== null,
    required: await requiredForRole(deps, actor.userId),
    recoveryCodesLeft: user.recoveryCodeHashes.length,
  };
}

/**
 * Sign-in's second step, after the password: nothing when the user neither has two-factor on nor needs it. Else a
 * valid code (or an unused recovery code, spent here) lets the sign-in go on; a missing or wrong code is a 401 whose
 * `data.twoFactor` tells the login page to ask for it, and for a user whose role requires it but who has not set it
 * up, the 401 carries a new secret to add to the app (the first valid code then turns it on).
 */
export async function checkSecondFactor(deps: Deps, user: { id: string; email: string }, code: string | undefined): Promise<void> {
  const row = await deps.db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: {
      totpSecret: true,
      totpEnabledAt: true,
      recoveryCodeHashes: true,
      role: { select: { code: true } },
      company: { select: { twoFactorRoles: true } },
    },
  });
  const required = row.company.twoFactorRoles.includes(row.role.code);
  const seed = seedOf(deps, user.id, row.totpSecret);
  if (!row.totpEnabledAt) {
    if (!required) return;
    if (code && seed && (await spendTotp(deps, user.id, seed, user.email, code))) {
      await deps.db.user.update({ where: { id: user.id }, data: { totpEnabledAt: deps.clock.now() } });
      return;
    }
    // The pending secret stays until it is confirmed, so a mistyped code can be tried again with the same app entry.
    let setup: TwoFactorSetup;
    if (seed) setup = { secret: seed, otpauthUrl: totpOf(seed, user.email).toString() };
    else {
      const fresh = newSecret(user.email);
      await deps.db.user.update({ where: { id: user.id }, data: { totpSecret: sealSeed(deps, user.id, fresh.secret) } });
      setup = fresh.setup;
    }
    throw new AppError('UNAUTHORIZED', code ? M.codeInvalid : M.setupRequired, { twoFactor: TWO_FACTOR_STEPS.SETUP, ...setup });
  }
  if (!code) throw new AppError('UNAUTHORIZED', M.codeRequired, { twoFactor: TWO_FACTOR_STEPS.CODE });
  if (seed && (await spendTotp(deps, user.id, seed, user.email, code))) return;
  const hash = hashCode(code);
  if (row.recoveryCodeHashes.includes(hash)) {
    // Spent under a condition, so one recovery code cannot sign in twice at the same moment.
    const spent = await deps.db.user.updateMany({
      where: { id: user.id, recoveryCodeHashes: { has: hash } },
      data: { recoveryCodeHashes: row.recoveryCodeHashes.filter((h) => h !== hash) },
    });
    if (spent.count === 1) return;
  }
  throw new AppError('UNAUTHORIZED', M.codeInvalid, { twoFactor: TWO_FACTOR_STEPS.CODE });
}
