import type { ActivityAction, ActivityChanges } from '@crm/domain';
import type { DbTx } from '../db/prisma.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import type { Prisma } from '../generated/prisma/client.js';
import { toJsonValue } from './resource-serializer.js';

// docs/architecture.md 'The activity log': the one writer of ActivityLog rows. The resource engine calls it for every
// create, update, delete, restore and force delete of every resource of the registry, and the lead writer
// (modules/leads/lead-writer.ts) for every lead write; always inside the write's own transaction, so a rolled back
// write leaves no row and a committed one always has its row.

export interface ActivityEntry {
  /** Who wrote; null for the system (the SLA clock, integrations without a user). */
  userId: string | null;
  companyId: string;
  assetId: string | null;
  action: ActivityAction;
  /** The resource's contract name ('customers', 'leads'). */
  subjectType: string;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

// Stamps every write changes by itself: noise in a history of what someone changed.
const NOT_A_CHANGE = new Set(['updatedAt', 'updatedBy', 'updatedById', 'updatedByName', 'latestActivity', 'lastActivityAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(toJsonValue(a) ?? null) === JSON.stringify(toJsonValue(b) ?? null);

function jsonOf(values: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = toJsonValue(values[key]) ?? null;
  return out;
}

/**
 * What a row's `changes` holds: on update only the fields whose values differ (before and after); on create the
 * values written; on delete the values removed. Stamps (updatedAt...) are left out.
 */
export function activityChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): ActivityChanges {
  const keysOf = (values: Record<string, unknown>) => Object.keys(values).filter((key) => !NOT_A_CHANGE.has(key));
  if (before && after) {
    const changed = [...new Set([...keysOf(before), ...keysOf(after)])].filter((key) => !same(before[key], after[key]));
    return { before: jsonOf(before, changed), after: jsonOf(after, changed) };
  }
  // A new record: the values it was given (empty ones say nothing).
  if (after)
    return {
      after: jsonOf(
        after,
        keysOf(after).filter((key) => after[key] !== null && after[key] !== undefined),
      ),
    };
  if (before) return { before: jsonOf(before, keysOf(before)) };
  return {};
}

function rowOf(entry: ActivityEntry, now: Date): Prisma.ActivityLogCreateManyInput {
  return {
    id: timeOrderedId(),
    companyId: entry.companyId,
    assetId: entry.assetId,
    userId: entry.userId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    changes: activityChanges(entry.before, entry.after) as Prisma.InputJsonValue,
    createdAt: now,
  };
}

/** Writes the entries' rows in the caller's transaction (one statement however many). */
export async function recordActivity(tx: DbTx, entries: readonly ActivityEntry[], now = new Date()): Promise<void> {
  const [only] = entries;
  if (!only) return;
  // Prisma caches the plan of a create, never a createMany's (compiled anew on every call): one row, the common
  // case of every single write, goes through create.
  if (entries.length === 1) await tx.activityLog.create({ data: rowOf(only, now), select: { id: true } });
  else await tx.activityLog.createMany({ data: entries.map((entry) => rowOf(entry, now)) });
}

/** Who writes, as the modules' own calls know them (the engine's `call.actor`, the admin's actor). */
export interface ActivityActor {
  userId: string | null;
  companyId: string;
}

/**
 * A module's own write (not through the engine) by its caller: one row in the write's transaction. Modules call this
 * for every call that changes a record (docs/architecture.md 'The activity log'); activity-log-routes.test.ts fails
 * for a mutating route that leaves none without saying why.
 */
export function recordCallActivity(
  tx: DbTx,
  actor: ActivityActor,
  change: Omit<ActivityEntry, 'userId' | 'companyId'>,
  now: Date,
): Promise<void> {
  return recordActivity(tx, [{ userId: actor.userId, companyId: actor.companyId, ...change }], now);
}

// Columns whose values never go into a history: hashes, secrets, tokens. Only whether they are set is kept.
const SECRET_COLUMN = /hash|secret|token|password|cipher/i;

/**
 * Before and after of the columns a write sets (`data`), read from the row before it; a secret column says only
 * 'set', 'changed' or null. Relation writes and stamps are left to the caller.
 */
export function columnChanges(
  existing: Record<string, unknown>,
  data: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'updatedById' || key === 'updatedAt') continue;
    const was = existing[key] ?? null;
    if (SECRET_COLUMN.test(key)) {
      before[key] = was === null ? null : 'set';
      after[key] = value === null || value === undefined ? null : was === null ? 'set' : was === value ? 'set' : 'changed';
    } else {
      before[key] = was;
      after[key] = value ?? null;
    }
  }
  return { before, after };
}

/** A reorder (drag and drop of a list): one row per record whose place changed, its order before and after. */
export function recordReorder(
  tx: DbTx,
  actor: ActivityActor,
  place: { assetId: string | null; subjectType: string; ids: readonly string[]; was: ReadonlyMap<string, number> },
  now: Date,
): Promise<void> {
  const moved = place.ids.flatMap((id, order) => (place.was.get(id) === order ? [] : [{ id, before: place.was.get(id) ?? null, order }]));
  return recordActivity(
    tx,
    moved.map((row) => ({
      userId: actor.userId,
      companyId: actor.companyId,
      assetId: place.assetId,
      action: 'update' as const,
      subjectType: place.subjectType,
      subjectId: row.id,
      before: { order: row.before },
      after: { order: row.order },
    })),
    now,
  );
}
