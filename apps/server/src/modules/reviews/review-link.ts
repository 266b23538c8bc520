import { VIEWING_REVIEW_MESSAGES as M, type ViewingReviewRefusal } from '@crm/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../core/app-error.js';
import { secretOf } from '../../core/server-secrets.js';
import type { Env } from '../../env.js';

// The review link of a viewing's feedback mail (docs/product.md 'Viewing reviews'): the viewing and the link's end,
// signed with HMAC-SHA256 under a key derived from the server's JWT secret. Nothing is stored: a forged or altered
// link fails the signature, an old one its end, and the one review per viewing makes it single-use.

type Secrets = Pick<Env, 'JWT_SECRET'>;

const keyOf = (env: Secrets) => createHmac('sha256', secretOf(env, 'JWT_SECRET')).update('viewing-review-link/v1').digest();
const sign = (env: Secrets, payload: string) => createHmac('sha256', keyOf(env)).update(payload).digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ReviewLink {
  viewingId: string;
  expiresAt: Date;
}

/** The 404 or 409 a refused link answers; `data.reason` lets the page say it in the customer's language. */
export function linkRefused(reason: ViewingReviewRefusal): AppError {
  const message = { invalid: M.linkInvalid, expired: M.linkExpired, reviewed: M.alreadyReviewed, notDone: M.notDone }[reason];
  return reason === 'invalid' ? new AppError('NOT_FOUND', message, { reason }) : AppError.conflict(message, { reason });
}

export function signReviewLink(env: Secrets, link: ReviewLink): string {
  const payload = `${link.viewingId}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(env, payload).toString('base64url')}`;
}

/** The link's viewing and end, or the refusal: 404 for anything not signed by this server, 409 once it has ended. */
export function readReviewLink(env: Secrets, token: string, now: Date): ReviewLink {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length) throw linkRefused('invalid');
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = sign(env, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw linkRefused('invalid');
  const [viewingId, seconds] = payload.split('.');
  const expiresAt = new Date(Number(seconds) * 1000);
  if (!viewingId || !UUID.test(viewingId) || !Number.isFinite(expiresAt.getTime())) throw linkRefused('invalid');
  if (expiresAt.getTime() <= now.getTime()) throw linkRefused('expired');
  return { viewingId, expiresAt };
}
