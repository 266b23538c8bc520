import { ADMIN_MESSAGES, ROLE_CODES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';

/**
 * Runs a change to the company's users or roles inside `tx` and refuses it (409, the transaction rolls back) when
 * it would leave the company without an enabled SUPER_ADMIN, the one account that can repair everything else.
 * The company's user rows are locked before the change, so two admins demoting each other at the same moment run
 * one after the other and the second is refused.
 */
export async function guardSuperAdmins<T>(tx: DbTx, companyId: string, change: () => Promise<T>): Promise<T> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE "companyId" = ${companyId}::uuid ORDER BY id FOR UPDATE`;
  const result = await change();
  const remaining = await tx.user.count({ where: { companyId, enabled: true, role: { code: ROLE_CODES.SUPER_ADMIN } } });
  if (remaining === 0) throw AppError.conflict(ADMIN_MESSAGES.role.lastSuperAdmin);
  return result;
}
