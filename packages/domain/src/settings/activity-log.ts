// The activity log (docs/architecture.md 'The activity log'): one row per write of a record, written by the server in
// one place. Shared by the server (what it writes) and the screens (how they read and name it).

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'restore', 'forceDelete'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  forceDelete: 'Deleted for good',
};

/** What a row's `changes` holds: the fields that changed, their values before and after (absent on create / delete). */
export interface ActivityChanges {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a stored `changes` value (JSON) as before/after maps; anything else reads as no change. */
export function readActivityChanges(value: unknown): ActivityChanges {
  if (!isRecord(value)) return {};
  return { ...(isRecord(value.before) ? { before: value.before } : {}), ...(isRecord(value.after) ? { after: value.after } : {}) };
}

/** One line per changed field: 'name: Old -> New'. */
export function activityChangeLines(changes: ActivityChanges): string[] {
  const keys = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  const text = (value: unknown) =>
    value === undefined || value === null || value === '' ? '-' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys.map((key) => {
    const before = changes.before && key in changes.before ? text(changes.before[key]) : null;
    const after = changes.after && key in changes.after ? text(changes.after[key]) : null;
    if (before !== null && after !== null) return `${key}: ${before} -> ${after}`;
    return `${key}: ${after ?? before ?? '-'}`;
  });
}
