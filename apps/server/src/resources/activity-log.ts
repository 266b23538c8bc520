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
  if (entries.length === 0) return;
  await tx.activityLog.createMany({ data: entries.map((entry) => rowOf(entry, now)) });
}
