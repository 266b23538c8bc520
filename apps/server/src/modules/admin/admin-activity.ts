import type { ActivityAction } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { DbTx } from '../../db/prisma.js';
import { recordActivity } from '../../resources/activity-log.js';

// The admin module's own writes (users, roles, assets' status, company security) go through its services, not the
// resource engine: each leaves its activity log row through the one writer (resources/activity-log.ts), in the
// write's transaction where it has one. Secrets (password hashes, two-factor secrets) are never among the values.

export interface AdminChange {
  action: ActivityAction;
  /** The contract name of what changed ('users', 'roles', 'companyAssets', 'companySettings'). */
  subjectType: string;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export function logAdminChange(db: DbTx, actor: Actor, change: AdminChange, now: Date): Promise<void> {
  return recordActivity(db, [{ userId: actor.userId, companyId: actor.companyId, assetId: null, ...change }], now);
}
