import type { ExtraFilters } from '../../kit/table/table-state';

// Admin > Users Access Logs: the screen's own filters beside the contract's (date, event, outcome). The user is
// chosen by name from the users' own list, and the IP is typed: part of an address matches (an office's range).

export interface AccessLogOwnFilters {
  users: string[];
  ip: string;
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export const ACCESS_LOG_EXTRA_FILTERS: ExtraFilters<AccessLogOwnFilters> = {
  initial: { users: [], ip: '' },
  parse: (value) => {
    if (typeof value !== 'object' || value === null) return null;
    const users: unknown = Reflect.get(value, 'users');
    const ip: unknown = Reflect.get(value, 'ip');
    return isIdList(users) && typeof ip === 'string' ? { users, ip } : null;
  },
  conditions: (value) => [
    ...(value.users.length ? [{ user: { $in: value.users } }] : []),
    ...(value.ip.trim() ? [{ ip: { $regex: value.ip.trim() } }] : []),
  ],
};
