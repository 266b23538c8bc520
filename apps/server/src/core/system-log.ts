import type { Db } from '../db/prisma.js';
import type { Prisma } from '../generated/prisma/client.js';

// Admin > System logs (docs/api.md 'System logs'): the one writer of SystemLog rows. Called by the REST error
// handler and tRPC's onError for 5xx answers, and by the jobs registry for jobs that failed for good. A failure that
// repeats in a loop must not become a second outage: each process writes at most FLOOD_LIMIT rows a minute and
// counts the rest in its log. Writing never throws (a system log must not fail the answer it records).

export type SystemLogEntry = Omit<Prisma.SystemLogUncheckedCreateInput, 'id' | 'createdAt'>;

const FLOOD_LIMIT = 120;
const WINDOW_MS = 60_000;
const windows = new WeakMap<object, { startedAt: number; written: number; dropped: number }>();

/** The message kept: one line, without query strings that may carry tokens. */
export function systemLogText(text: string, max = 1000): string {
  return text.replace(/\s+/g, ' ').slice(0, max);
}

/** A request's path without its query string (file links carry their token in `?token=`). */
export function pathOnly(url: string): string {
  return url.split('?')[0] ?? url;
}

export async function recordSystemLog(
  deps: { db: Db; log: { warn(details: object, message: string): void } },
  entry: SystemLogEntry,
  now = Date.now(),
): Promise<boolean> {
  const window = windows.get(deps.db) ?? { startedAt: now, written: 0, dropped: 0 };
  windows.set(deps.db, window);
  if (now - window.startedAt >= WINDOW_MS) {
    if (window.dropped) deps.log.warn({ event: 'system-log.dropped', dropped: window.dropped }, 'system log rows dropped (flood limit)');
    Object.assign(window, { startedAt: now, written: 0, dropped: 0 });
  }
  if (window.written >= FLOOD_LIMIT) {
    window.dropped += 1;
    return false;
  }
  window.written += 1;
  try {
    await deps.db.systemLog.create({ data: { ...entry, message: systemLogText(entry.message) } });
    return true;
  } catch (error) {
    deps.log.warn({ event: 'system-log.unwritten', err: error }, 'system log row not written');
    return false;
  }
}
