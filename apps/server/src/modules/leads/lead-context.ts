import {
  ASSIGNMENT_STRATEGIES,
  LEAD_SETTING_DEFAULTS,
  QUOTA_ACTIONS,
  type QuotaAction,
  WorkingHoursSchema,
  type AssignmentStrategy,
  type LeadSlaSettings,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { assetOfActor } from '../../core/authorization.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';

// What every lead service shares: its dependencies, the tenancy it runs in, the asset's lead settings.

/** Services receive exactly these (docs/architecture.md 'Request flow'): tests pass a real database, a fixed or moving clock, real queues. */
export type LeadDeps = Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env'>>;

/** The asset a lead call works in: the actor's active one, or one of their assets named in the body. */
export const leadAssetOf = assetOfActor;

export interface AssetLeadSettings extends LeadSlaSettings {
  assetId: string;
  companyId: string;
  assignmentStrategy: AssignmentStrategy;
  dailyLeadQuota: number;
  /** Test agents are left out of automatic assignment, listing agents and the pool. */
  excludeTestAgents: boolean;
  /** At the daily quota: assign with a warning, or pass over to an agent under it. */
  quotaAction: QuotaAction;
}

const isStrategy = (value: string): value is AssignmentStrategy => (ASSIGNMENT_STRATEGIES as readonly string[]).includes(value);

/** The asset's lead settings (docs/leads.md 'Lead settings'); stored values that no longer parse fall back to defaults. */
export async function loadLeadSettings(db: DbTx, assetId: string): Promise<AssetLeadSettings> {
  const asset = await db.asset.findUnique({
    where: { id: assetId },
    select: {
      id: true,
      companyId: true,
      timezone: true,
      initialSlaMinutes: true,
      freePoolSlaMinutes: true,
      assignmentStrategy: true,
      dailyLeadQuota: true,
      workingHours: true,
      slaWorkingHoursOnly: true,
      excludeTestAgents: true,
      quotaAction: true,
    },
  });
  if (!asset) throw AppError.notFound('Asset not found');
  const hours = asset.workingHours === null ? null : WorkingHoursSchema.safeParse(asset.workingHours);
  return {
    assetId: asset.id,
    companyId: asset.companyId,
    timezone: asset.timezone || LEAD_SETTING_DEFAULTS.timezone,
    initialSlaMinutes: asset.initialSlaMinutes,
    freePoolSlaMinutes: asset.freePoolSlaMinutes,
    assignmentStrategy: isStrategy(asset.assignmentStrategy) ? asset.assignmentStrategy : LEAD_SETTING_DEFAULTS.assignmentStrategy,
    dailyLeadQuota: asset.dailyLeadQuota,
    // The clock keeps to the working hours only while the asset says so (slaWorkingHoursOnly).
    workingHours: asset.slaWorkingHoursOnly && hours?.success ? hours.data : null,
    excludeTestAgents: asset.excludeTestAgents,
    quotaAction: (QUOTA_ACTIONS as readonly string[]).includes(asset.quotaAction)
      ? (asset.quotaAction as QuotaAction)
      : LEAD_SETTING_DEFAULTS.quotaAction,
  };
}

const ACTING_MEMBER = { id: true, name: true, enabled: true, isTest: true, isLeadProcessEnabled: true } as const;

/** The caller's team member in the asset (agents act on leads through it), or null. */
export async function actorMember(db: DbTx, actor: Actor, assetId: string) {
  return db.teamMember.findFirst({ where: { assetId, userId: actor.userId, deletedAt: null }, select: ACTING_MEMBER });
}

/** A team member of the asset by id, as actorMember reads it (the demo seed acts for members without a login). */
export async function memberById(db: DbTx, assetId: string, id: string) {
  return db.teamMember.findFirst({ where: { assetId, id, deletedAt: null }, select: ACTING_MEMBER });
}

/** Minutes between two instants, 2 decimals (response times). */
export function minutesBetween(from: Date, to: Date): number {
  return Math.round(((to.getTime() - from.getTime()) / 60_000) * 100) / 100;
}

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** Optional ids arrive as '', null or a uuid. */
export const idOrNull = (value: string | null | undefined): string | null => (value ? value : null);

/** Interactive transactions that queue behind row locks need more than Prisma's 2 s / 5 s defaults. */
export const LEAD_TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;
