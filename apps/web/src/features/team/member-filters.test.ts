import { MemberBulkChangesSchema } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { MEMBER_EXTRA_FILTERS, NO_TEAM_CHOICE, teamChanges } from './member-filters';

const DEPARTMENT = '0192f0a0-0000-7000-8000-0000000000d1';
const GROUP = '0192f0a0-0000-7000-8000-0000000000a1';
const MANAGER = '0192f0a0-0000-7000-8000-0000000000e1';

describe('the members list filters', () => {
  it('ask for members in any chosen department and any chosen group', () => {
    expect(MEMBER_EXTRA_FILTERS.conditions({ departments: [], groups: [] })).toEqual([]);
    expect(MEMBER_EXTRA_FILTERS.conditions({ departments: [DEPARTMENT], groups: [GROUP] })).toEqual([
      { department: { $in: [DEPARTMENT] } },
      { groups: { $in: [GROUP] } },
    ]);
  });

  it('read their cached values back, and nothing that does not read', () => {
    expect(MEMBER_EXTRA_FILTERS.parse({ departments: [DEPARTMENT], groups: [] })).toEqual({ departments: [DEPARTMENT], groups: [] });
    expect(MEMBER_EXTRA_FILTERS.parse({ departments: 'x', groups: [] })).toBeNull();
    expect(MEMBER_EXTRA_FILTERS.parse(null)).toBeNull();
  });
});

describe('the Set team dialog', () => {
  it("changes only what was chosen, and clears a department or a manager with 'No ...'", () => {
    expect(teamChanges({})).toEqual({});
    expect(teamChanges({ department: DEPARTMENT, reportedTo: MANAGER, groups: [GROUP] })).toEqual({
      department: DEPARTMENT,
      reportedTo: MANAGER,
      groups: [GROUP],
    });
    const clear = teamChanges({ department: NO_TEAM_CHOICE, reportedTo: NO_TEAM_CHOICE });
    expect(clear).toEqual({ department: null, reportedTo: null });
    // What the server's contract takes.
    expect(MemberBulkChangesSchema.safeParse(clear).success).toBe(true);
  });
});
