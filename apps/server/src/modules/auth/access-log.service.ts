import {
  ACCESS_LOG_MAX_LIMIT,
  buildPaginatorMeta,
  normalizePaging,
  type AccessLog,
  type AccessLogAction,
  type AccessLogQuery,
  type ListResponse,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { Actor } from '../../core/actor.js';
import type { DbTx } from '../../db/prisma.js';
import type { RequestMeta } from './auth.types.js';

export interface AccessLogEntry {
  email: string;
  action: AccessLogAction;
  success: boolean;
  reason?: string;
  userId?: string | null;
  companyId?: string | null;
}

/** One row of the access log (logins, logouts, password events), successful or not. */
export async function writeAccessLog(db: DbTx, entry: AccessLogEntry, meta: Pick<RequestMeta, 'ip' | 'userAgent'>): Promise<void> {
  await db.accessLog.create({
    data: {
      email: entry.email.slice(0, 254),
      action: entry.action,
      success: entry.success,
      reason: entry.reason ?? null,
      userId: entry.userId ?? null,
      companyId: entry.companyId ?? null,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
    },
  });
}

/** The caller's own access log, newest first (GET /profile/access-logs). */
export async function listOwnAccessLogs(deps: Pick<AppDeps, 'db'>, actor: Actor, query: AccessLogQuery): Promise<ListResponse<AccessLog>> {
  const paging = normalizePaging({ page: query.page ?? null, limit: query.limit ?? null });
  // The log only grows: `all` and large limits are held to one bounded page.
  const limit = paging.all ? ACCESS_LOG_MAX_LIMIT : Math.min(paging.limit, ACCESS_LOG_MAX_LIMIT);
  const page = paging.all ? 1 : paging.page;
  const offset = (page - 1) * limit;
  const where = { userId: actor.userId };
  const [rows, total] = await Promise.all([
    deps.db.accessLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),
    deps.db.accessLog.count({ where }),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      email: row.email,
      action: row.action,
      success: row.success,
      reason: row.reason,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    })),
    meta: buildPaginatorMeta(total, page, limit, offset),
  };
}
