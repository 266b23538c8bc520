import { TIMELINE_MESSAGES as M, type TimelineEntry } from '@crm/domain';
import { AppError } from '../../core/app-error.js';

// A timeline's page ends at its last entry: the cursor is that entry's (at, id), opaque to callers. Entry ids are
// `<source>:<row uuid>` and no source name starts another, so comparing ids compares source, then row id, the same way
// in JS (the merge) and in PostgreSQL (each source's keyset: a uuid compares as its lowercase hex).

export const TIMELINE_SOURCES = ['activity', 'assignment', 'deal', 'document', 'file', 'message', 'pool', 'stage', 'viewing'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

export interface TimelineCursor {
  at: Date;
  source: TimelineSource;
  rowId: string;
}

const ENTRY_ID = /^([a-z]+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const isSource = (value: string): value is TimelineSource => (TIMELINE_SOURCES as readonly string[]).includes(value);
const badCursor = () => AppError.validation({ cursor: [M.cursor] }, M.cursor);

export const entryId = (source: TimelineSource, rowId: string) => `${source}:${rowId}`;

export function cursorAfter(entry: Pick<TimelineEntry, 'at' | 'id'>): string {
  return Buffer.from(`${entry.at}|${entry.id}`).toString('base64url');
}

/** The cursor a caller sent back, or 400 on `cursor` for anything this server did not make. */
export function readCursor(cursor: string | undefined): TimelineCursor | null {
  if (cursor === undefined) return null;
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const match = ENTRY_ID.exec(id);
  const when = new Date(at);
  if (rest.length || !match || Number.isNaN(when.getTime()) || when.toISOString() !== at) throw badCursor();
  const [, source = '', rowId = ''] = match;
  if (!isSource(source)) throw badCursor();
  return { at: when, source, rowId };
}

/**
 * What one source keeps of the rows before the cursor: its time at or before the cursor's (so its index seeks
 * there), and at that very time only the rows whose entry id sorts before the cursor's.
 */
export function keysetOf(source: TimelineSource, cursor: TimelineCursor | null) {
  if (!cursor) return { at: undefined, sameAtBefore: undefined };
  if (source < cursor.source) return { at: { lte: cursor.at }, sameAtBefore: undefined };
  if (source > cursor.source) return { at: { lt: cursor.at }, sameAtBefore: undefined };
  return { at: { lte: cursor.at }, sameAtBefore: { at: cursor.at, rowId: cursor.rowId } };
}

/** Newest first; at the same time, the greater entry id first (the keyset's order). */
export function byTimelineOrder(a: Pick<TimelineEntry, 'at' | 'id'>, b: Pick<TimelineEntry, 'at' | 'id'>): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
