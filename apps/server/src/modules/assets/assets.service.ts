import {
  applyLeadSettingsChange,
  buildPaginatorMeta,
  LEAD_SETTING_DEFAULTS,
  leadSettingsFieldErrors,
  QUOTA_ACTIONS,
  type QuotaAction,
  LIST_PAGING,
  PRIMARY_CRMS,
  type PrimaryCrm,
  WorkingHoursSchema,
  type Asset,
  type AssetSettingsInput,
  type AssignmentStrategy,
  type ListResponse,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { assetInReach } from '../../core/authorization.js';
import { recordActivity } from '../../resources/activity-log.js';
import { Prisma, type Asset as AssetRow } from '../../generated/prisma/client.js';
import { lockRows } from '../../resources/unit-of-work.js';

// Assets (docs/api.md 'Other calls'): the assets a caller may enter, and each asset's lead settings.

const isQuotaAction = (value: string): value is QuotaAction => (QUOTA_ACTIONS as readonly string[]).includes(value);
const isPrimaryCrm = (value: string): value is PrimaryCrm => (PRIMARY_CRMS as readonly string[]).includes(value);

function toAsset(row: AssetRow): Asset {
  // Stored JSON is re-checked on the way out: a malformed value reads as "no working hours", never a 500.
  const workingHours = WorkingHoursSchema.safeParse(row.workingHours);
  return {
    _id: row.id,
    name: row.name,
    company: row.companyId,
    timezone: row.timezone,
    currencyCode: row.currencyCode,
    initialSlaMinutes: row.initialSlaMinutes,
    freePoolSlaMinutes: row.freePoolSlaMinutes,
    assignmentStrategy: row.assignmentStrategy as AssignmentStrategy,
    dailyLeadQuota: row.dailyLeadQuota,
    workingHours: workingHours.success ? workingHours.data : null,
    slaWorkingHoursOnly: row.slaWorkingHoursOnly,
    excludeTestAgents: row.excludeTestAgents,
    quotaAction: isQuotaAction(row.quotaAction) ? row.quotaAction : LEAD_SETTING_DEFAULTS.quotaAction,
    primaryCrm: isPrimaryCrm(row.primaryCrm) ? row.primaryCrm : LEAD_SETTING_DEFAULTS.primaryCrm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creator: row.creatorId,
    updatedBy: row.updatedById,
  };
}

/**
 * GET /assets: the assets the caller may enter (actor.assetIds: every company asset for super access, else
 * the user's own), name ascending, no limit — the asset switcher's list.
 */
export async function listAssets(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<ListResponse<Asset>> {
  const rows = await deps.db.asset.findMany({
    where: { companyId: actor.companyId, id: { in: actor.assetIds } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return { data: rows.map(toAsset), meta: buildPaginatorMeta(rows.length, 1, LIST_PAGING.ALL) };
}

/**
 * PATCH /assets/{id}/settings: the lead settings (docs/leads.md 'Lead settings'). An asset of another company, or one the caller
 * may not enter, answers 404 exactly like one that does not exist (docs/api.md 'Answers'). The change is checked
 * against the stored values under the asset's row lock (free-pool SLA not shorter than the initial one): a refused
 * change stores nothing. The lead engine reads the row on every assignment, so a saved change applies to the next lead.
 */
export async function updateAssetSettings(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  input: AssetSettingsInput,
): Promise<Asset> {
  assetInReach(actor, assetId);
  return deps.db.$transaction(async (tx) => {
    await lockRows(tx, 'Asset', [assetId]);
    const found = await tx.asset.findFirst({ where: { id: assetId, companyId: actor.companyId } });
    if (!found) throw AppError.notFound('Asset not found');
    const stored = toAsset(found);
    const problems = leadSettingsFieldErrors(applyLeadSettingsChange(stored, input));
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    const { workingHours, ...rest } = input;
    const data: Prisma.AssetUpdateInput = { ...rest, updatedById: actor.userId };
    if (workingHours !== undefined) data.workingHours = workingHours === null ? Prisma.DbNull : workingHours;
    const updated = toAsset(await tx.asset.update({ where: { id: assetId }, data }));
    // The activity log (docs/architecture.md 'The activity log'): settings changes are written like any record's.
    const entry = { userId: actor.userId, companyId: actor.companyId, assetId, subjectType: 'assets', subjectId: assetId };
    await recordActivity(tx, [{ ...entry, action: 'update', before: stored, after: updated }]);
    return updated;
  });
}
