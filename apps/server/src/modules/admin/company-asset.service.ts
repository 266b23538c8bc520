import { ADMIN_MESSAGES, type CompanyAssetRecord } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import { logAdminChange } from './admin-activity.js';

// Disabling an asset: it leaves every user's asset list and switcher at their next request (the session query reads
// enabled assets only), its records stay, and the company keeps at least one enabled asset.

const M = ADMIN_MESSAGES.asset;

export async function setAssetEnabled(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  id: string,
  enabled: boolean,
): Promise<CompanyAssetRecord> {
  const row = await deps.db.$transaction(async (tx) => {
    // One company's assets change one at a time, so two disables at once cannot leave none.
    await tx.$queryRaw`SELECT id FROM "Asset" WHERE "companyId" = ${actor.companyId}::uuid ORDER BY id FOR UPDATE`;
    const asset = await tx.asset.findFirst({ where: { id, companyId: actor.companyId } });
    if (!asset) throw AppError.notFound(M.notFound);
    const updated = await tx.asset.update({
      where: { id },
      data: { disabledAt: enabled ? null : (asset.disabledAt ?? deps.clock.now()), updatedById: actor.userId },
    });
    const remaining = await tx.asset.count({ where: { companyId: actor.companyId, disabledAt: null } });
    if (remaining === 0) throw AppError.conflict(M.lastAsset);
    await logAdminChange(
      tx,
      actor,
      {
        action: 'update',
        subjectType: 'companyAssets',
        subjectId: id,
        before: { disabledAt: asset.disabledAt },
        after: { disabledAt: updated.disabledAt },
      },
      deps.clock.now(),
    );
    return updated;
  });
  return {
    _id: row.id,
    company: row.companyId,
    creator: row.creatorId,
    updatedBy: row.updatedById,
    name: row.name,
    timezone: row.timezone,
    currencyCode: row.currencyCode,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
