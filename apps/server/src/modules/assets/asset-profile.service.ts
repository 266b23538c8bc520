import {
  type AssetProfileSettings,
  type BasicSettingsInput,
  CompanyProfileRecordSchema,
  SETTINGS_MESSAGES,
  VIEWING_SETTINGS_DEFAULTS,
  type ViewingSettings,
  ViewingSettingsSchema,
  WorkingHoursSchema,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { assetInReach } from '../../core/authorization.js';
import type { AppDeps } from '../../core/deps.js';
import type { DbTx } from '../../db/prisma.js';
import { type Asset as AssetRow, Prisma } from '../../generated/prisma/client.js';
import { recordActivity } from '../../resources/activity-log.js';
import { lockRows } from '../../resources/unit-of-work.js';

// Basic Settings and Viewing Settings of an asset (packages/domain/src/settings/asset-profile.schemas.ts): the
// currency, time zone and working hours are the asset's own columns (the lead clock reads the last two); the
// company profile and the viewing rules live in the asset's `settings` JSON, under `basic` and `viewing`.

type SettingsJson = { basic?: unknown; viewing?: unknown };

const settingsJsonOf = (row: Pick<AssetRow, 'settings'>): SettingsJson =>
  row.settings !== null && typeof row.settings === 'object' && !Array.isArray(row.settings) ? (row.settings as SettingsJson) : {};

/** The stored values, each part re-checked on the way out: what no longer parses reads as its defaults, never a 500. */
function toProfileSettings(row: AssetRow, companyName: string): AssetProfileSettings {
  const json = settingsJsonOf(row);
  const basic = CompanyProfileRecordSchema.safeParse(json.basic);
  const viewing = ViewingSettingsSchema.safeParse(json.viewing);
  const hours = WorkingHoursSchema.safeParse(row.workingHours);
  return {
    _id: row.id,
    currencyCode: row.currencyCode,
    timezone: row.timezone,
    workingHours: hours.success ? hours.data : null,
    basic: basic.success
      ? basic.data
      : { companyName, logo: null, email: null, phone: null, address: null, website: null, languages: ['en'], defaultLanguage: 'en' },
    viewing: viewing.success ? viewing.data : VIEWING_SETTINGS_DEFAULTS,
  };
}

/** An asset's viewing settings as stored (defaults where none are, or they no longer parse): what viewings follow. */
export async function readViewingSettings(db: Pick<DbTx, 'asset'>, assetId: string): Promise<ViewingSettings> {
  const row = await db.asset.findUnique({ where: { id: assetId }, select: { settings: true } });
  const viewing = ViewingSettingsSchema.safeParse(row ? settingsJsonOf(row).viewing : undefined);
  return viewing.success ? viewing.data : VIEWING_SETTINGS_DEFAULTS;
}

/** The asset under its row lock, if the caller may enter it (else 404, as for an asset that does not exist). */
async function lockAsset(tx: DbTx, actor: Actor, assetId: string) {
  assetInReach(actor, assetId);
  await lockRows(tx, 'Asset', [assetId]);
  const row = await tx.asset.findFirst({
    where: { id: assetId, companyId: actor.companyId },
    include: { company: { select: { name: true } } },
  });
  if (!row) throw AppError.notFound('Asset not found');
  return { row, current: toProfileSettings(row, row.company.name) };
}

/** GET /assets/{id}/profile-settings. */
export async function getProfileSettings(deps: Pick<AppDeps, 'db'>, actor: Actor, assetId: string): Promise<AssetProfileSettings> {
  assetInReach(actor, assetId);
  const row = await deps.db.asset.findFirst({
    where: { id: assetId, companyId: actor.companyId },
    include: { company: { select: { name: true } } },
  });
  if (!row) throw AppError.notFound('Asset not found');
  return toProfileSettings(row, row.company.name);
}

async function saveSettings(
  tx: DbTx,
  actor: Actor,
  assetId: string,
  before: AssetProfileSettings,
  data: Prisma.AssetUpdateInput,
): Promise<AssetProfileSettings> {
  const row = await tx.asset.update({
    where: { id: assetId },
    data: { ...data, updatedById: actor.userId },
    include: { company: { select: { name: true } } },
  });
  const after = toProfileSettings(row, row.company.name);
  // The activity log (docs/architecture.md 'The activity log'): the settings before and after.
  await recordActivity(tx, [
    {
      userId: actor.userId,
      companyId: actor.companyId,
      assetId,
      action: 'update',
      subjectType: 'assets',
      subjectId: assetId,
      before,
      after,
    },
  ]);
  return after;
}

/** PATCH /assets/{id}/basic-settings: the whole form; a logo must be a stored file of the asset. */
export async function updateBasicSettings(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  input: BasicSettingsInput,
): Promise<AssetProfileSettings> {
  return deps.db.$transaction(async (tx) => {
    const { row, current } = await lockAsset(tx, actor, assetId);
    const logo = input.logo || null;
    if (logo && !(await tx.storedFile.count({ where: { id: logo, assetId, deletedAt: null } }))) {
      throw AppError.validation({ logo: [SETTINGS_MESSAGES.logoNotFound] });
    }
    const { currencyCode, timezone, workingHours, ...profile } = input;
    const basic = {
      ...profile,
      logo,
      email: profile.email || null,
      phone: profile.phone || null,
      address: profile.address || null,
      website: profile.website || null,
    };
    return saveSettings(tx, actor, assetId, current, {
      currencyCode,
      timezone,
      workingHours: workingHours === null ? Prisma.DbNull : workingHours,
      settings: { ...settingsJsonOf(row), basic } as Prisma.InputJsonValue,
    });
  });
}

/** PATCH /assets/{id}/viewing-settings. */
export async function updateViewingSettings(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  assetId: string,
  input: ViewingSettings,
): Promise<AssetProfileSettings> {
  return deps.db.$transaction(async (tx) => {
    const { row, current } = await lockAsset(tx, actor, assetId);
    const viewing = { ...input, reminderMinutesBefore: [...input.reminderMinutesBefore].sort((a, b) => b - a) };
    return saveSettings(tx, actor, assetId, current, { settings: { ...settingsJsonOf(row), viewing } as Prisma.InputJsonValue });
  });
}
