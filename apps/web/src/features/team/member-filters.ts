import type { MemberBulkChanges } from '@crm/domain';
import type { ExtraFilters } from '../../kit/table/table-state';

// The members list's department and group filters: their names come from their own resources, so they are the
// screen's own filters beside the contract's. A member matches any of the departments chosen, and any of the groups
// (the server's `groups` filter key, member.resource.ts). And the bulk "Set team" dialog's changes.

export interface MemberOwnFilters {
  departments: string[];
  groups: string[];
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

export const MEMBER_EXTRA_FILTERS: ExtraFilters<MemberOwnFilters> = {
  initial: { departments: [], groups: [] },
  parse: (value) => {
    const read = (key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);
    const departments = read('departments');
    const groups = read('groups');
    return isIdList(departments) && isIdList(groups) ? { departments, groups } : null;
  },
  conditions: (value) => [
    ...(value.departments.length ? [{ department: { $in: value.departments } }] : []),
    ...(value.groups.length ? [{ groups: { $in: value.groups } }] : []),
  ],
};

/** The bulk "Set team" dialog's values: each left empty stays as it is. */
export interface TeamValues {
  department?: string;
  groups?: string[];
  reportedTo?: string;
}

/** The dialog's choice that clears a department or a manager ('No department', 'No manager'): sent as null. */
export const NO_TEAM_CHOICE = 'none';

/** The bulk update's changes from the dialog: only what was chosen; the 'No ...' choice clears. */
export function teamChanges(values: TeamValues): MemberBulkChanges {
  const cleared = (value: string) => (value === NO_TEAM_CHOICE ? null : value);
  return {
    ...(values.department ? { department: cleared(values.department) } : {}),
    ...(values.groups?.length ? { groups: values.groups } : {}),
    ...(values.reportedTo ? { reportedTo: cleared(values.reportedTo) } : {}),
  };
}
