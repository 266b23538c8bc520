import { PATHS } from '@crm/domain';

/** Where the login page sends the user: back to the page that asked for a login, never off-site. */
export function returnPathFrom(state: unknown, fallback: string = PATHS.DASHBOARD): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  if (from === PATHS.AUTH || from.startsWith(`${PATHS.AUTH}/`)) return fallback;
  return from;
}
