import { createHmac } from 'node:crypto';
import { CALENDAR_CALLBACK_RETURN, CALENDAR_MESSAGES as M, memberContract, type CalendarConnection } from '@crm/domain';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import { assetOfActor } from '../../../../core/authorization.js';
import type { AppDeps } from '../../../../core/deps.js';
import { sealText, secretBox } from '../../../../core/secret-box.js';
import { secretOf } from '../../../../core/server-secrets.js';
import type { DbTx } from '../../../../db/prisma.js';
import { recordActivity } from '../../../../resources/activity-log.js';
import { storedConfig, type IntegrationRow } from '../../integration-record.js';
import { callProvider } from '../../provider-call.js';
import { usableIntegration } from '../oauth-grants.js';
import { CALENDAR_SCOPE, googleOAuthBase, LABEL, memberTokenBinding, oauthClientOf } from './google-auth.js';

// Per-user mode (docs/api.md 'Google Calendar'): an agent connects their own calendar. `connect` answers Google's
// consent address for the caller's team member, with a signed state (asset, member; 10 minutes); Google sends the
// browser back to the public callback with a code, which is exchanged for the agent's refresh token, sealed and kept
// (MemberCalendarToken). The token never leaves the server; `disconnect` forgets it. Connecting and disconnecting
// are changes of the team member, each with its activity-log row (by the member's user: the consent is theirs).

const CONSENT_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const CALLBACK_PATH = '/api/integrations/googlecalendar/oauth-callback';
const STATE_TYPE = 'googlecalendar-connect';
const STATE_MINUTES = 10;

const RefreshAnswerSchema = z.object({ refresh_token: z.string().min(1) });
const StateSchema = z.object({ ast: z.uuid(), sub: z.uuid() });

type ConnectDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'log'>;

const stateKey = (env: AppDeps['env']) => createHmac('sha256', secretOf(env, 'JWT_SECRET')).update(STATE_TYPE).digest();
const callbackUrl = (env: AppDeps['env']) => new URL(CALLBACK_PATH, env.APP_URL).toString();

const MEMBER_SELECT = { id: true, companyId: true, assetId: true, userId: true } as const;
type CalendarMember = { id: string; companyId: string; assetId: string; userId: string | null };

/** The member's row in the activity log: their calendar connected (a new token or a replaced one) or forgotten. */
function recordCalendarChange(tx: DbTx, member: CalendarMember, change: { had: boolean; has: boolean }, now: Date) {
  const token = (present: boolean, replaced: boolean) => (present ? (replaced ? 'changed' : 'set') : null);
  return recordActivity(
    tx,
    [
      {
        userId: member.userId,
        companyId: member.companyId,
        assetId: member.assetId,
        action: 'update',
        subjectType: memberContract.name,
        subjectId: member.id,
        before: { calendarConnected: change.had, calendarToken: token(change.had, false) },
        after: { calendarConnected: change.has, calendarToken: token(change.has, change.had) },
      },
    ],
    now,
  );
}

/** The caller's team member in their active asset, and the asset's Google Calendar when it is in per-user mode. */
async function callerContext(deps: ConnectDeps, actor: Actor) {
  const assetId = assetOfActor(actor);
  const member = await deps.db.teamMember.findFirst({ where: { assetId, userId: actor.userId, deletedAt: null }, select: MEMBER_SELECT });
  const row = await usableIntegration(deps, assetId, 'googlecalendar');
  const perUser = row !== null && storedConfig(row).mode === 'per-user';
  return { assetId, member, row: perUser ? row : null };
}

/** GET connection: may the caller connect a calendar here, and have they. */
export async function calendarConnection(deps: ConnectDeps, actor: Actor): Promise<CalendarConnection> {
  const { member, row } = await callerContext(deps, actor);
  if (!member || !row) return { available: false, connected: false };
  const stored = await deps.db.memberCalendarToken.findUnique({ where: { memberId: member.id }, select: { id: true } });
  return { available: true, connected: stored !== null };
}

/** POST connect: Google's consent address for the caller (offline access: a refresh token). */
export async function calendarConsentUrl(deps: ConnectDeps, actor: Actor): Promise<{ url: string }> {
  const { assetId, member, row } = await callerContext(deps, actor);
  if (!member) throw AppError.forbidden(M.notAMember);
  if (!row) throw AppError.conflict(M.notPerUser, { provider: 'googlecalendar', reason: 'NOT_PER_USER' });
  const { clientId } = oauthClientOf(deps, row);
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const state = await new SignJWT({ ast: assetId })
    .setProtectedHeader({ alg: 'HS256', typ: STATE_TYPE })
    .setSubject(member.id)
    .setIssuedAt(now)
    .setExpirationTime(now + STATE_MINUTES * 60)
    .sign(stateKey(deps.env));
  const url = new URL(CONSENT_URL);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: callbackUrl(deps.env),
    response_type: 'code',
    scope: CALENDAR_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state,
  }).toString();
  return { url: url.toString() };
}

/** DELETE connect: the caller's calendar is forgotten (their next viewings stay off Google). */
export async function disconnectCalendar(deps: ConnectDeps, actor: Actor): Promise<CalendarConnection> {
  const { member, row } = await callerContext(deps, actor);
  if (member) {
    const now = deps.clock.now();
    await deps.db.$transaction(async (tx) => {
      const removed = await tx.memberCalendarToken.deleteMany({ where: { memberId: member.id } });
      if (removed.count) await recordCalendarChange(tx, member, { had: true, has: false }, now);
    });
  }
  return { available: Boolean(member && row), connected: false };
}

async function readState(deps: ConnectDeps, state: string) {
  try {
    const { payload } = await jwtVerify(state, stateKey(deps.env), { typ: STATE_TYPE, currentDate: deps.clock.now() });
    return StateSchema.parse(payload);
  } catch {
    throw AppError.validation({ state: [M.stateInvalid] }, M.stateInvalid);
  }
}

/** Exchanges the consent's code for the member's refresh token and keeps it sealed. */
async function storeMemberToken(deps: ConnectDeps, row: IntegrationRow, member: CalendarMember, code: string): Promise<void> {
  const client = oauthClientOf(deps, row);
  const answer = await callProvider(deps, row, LABEL, googleOAuthBase(deps.env), {
    method: 'POST',
    path: '/token',
    form: {
      grant_type: 'authorization_code',
      code,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uri: callbackUrl(deps.env),
    },
  });
  const parsed = RefreshAnswerSchema.safeParse(answer.json);
  if (!parsed.success) throw AppError.conflict(M.noRefreshToken);
  const memberId = member.id;
  const sealedRefreshToken = sealText(secretBox(deps.env), parsed.data.refresh_token, memberTokenBinding(row.assetId, memberId));
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const had = (await tx.memberCalendarToken.count({ where: { memberId } })) > 0;
    await tx.memberCalendarToken.upsert({
      where: { memberId },
      create: { assetId: row.assetId, memberId, sealedRefreshToken },
      update: { sealedRefreshToken },
    });
    await recordCalendarChange(tx, member, { had, has: true }, now);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The callback's answer: a page that sends the browser on to `url` at once, with a link for a browser that does not. */
export function backPage(url: string): string {
  const href = escapeHtml(url);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>${LABEL}</title></head><body><p><a href="${href}">${M.backToCrm}</a></p></body></html>`;
}

/**
 * GET oauth-callback (public, Google's redirect): answers where to send the browser, the profile page with
 * `?calendar=connected` or `failed`. The state names the member; a forged or stale state connects nobody.
 */
export async function completeCalendarConnect(
  deps: ConnectDeps,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const back = (outcome: 'connected' | 'failed') => {
    const url = new URL(CALENDAR_CALLBACK_RETURN.path, deps.env.APP_URL);
    url.searchParams.set(CALENDAR_CALLBACK_RETURN.param, outcome);
    return url.toString();
  };
  if (!query.state || !query.code || query.error) return back('failed');
  try {
    const state = await readState(deps, query.state);
    const member = await deps.db.teamMember.findFirst({
      where: { id: state.sub, assetId: state.ast, deletedAt: null },
      select: MEMBER_SELECT,
    });
    const row = await usableIntegration(deps, state.ast, 'googlecalendar');
    if (!member || !row || storedConfig(row).mode !== 'per-user') return back('failed');
    await storeMemberToken(deps, row, member, query.code);
    return back('connected');
  } catch (error) {
    deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'google calendar connection failed');
    return back('failed');
  }
}
