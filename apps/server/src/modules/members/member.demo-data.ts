import type { DemoAssetKey, DemoSlot } from '../../core/demo-data.js';

// The demo team of each asset (docs/api.md 'Demo data'): plain data, written by member.demo-seed.ts. The browser
// tests read it too.

export interface MemberFixture {
  slot: DemoSlot;
  name: string;
  /** The demo login the member is (its key: 'manager', 'agent', ...). */
  user?: string;
  designation: string;
  office: number;
  department: number;
  groups: number[];
  leadWeight?: number;
}

export const DEPARTMENTS = ['Sales', 'Leasing', 'Off Plan'] as const;
export const GROUPS = ['Luxury Team', 'Rental Squad'] as const;

export const DEMO_TEAMS: Record<DemoAssetKey, { offices: string[]; members: MemberFixture[] }> = {
  marina: {
    offices: ['Marina Walk Branch', 'JLT Branch'],
    members: [
      { slot: 'manager', name: 'Sara Al Mansoori', user: 'manager', designation: 'Sales Manager', office: 0, department: 0, groups: [0] },
      { slot: 'a', name: 'Aisha Khan', user: 'agent', designation: 'Senior Property Consultant', office: 0, department: 0, groups: [0] },
      { slot: 'b', name: 'Ravi Menon', designation: 'Leasing Consultant', office: 1, department: 1, groups: [1] },
      { slot: 'c', name: 'Elena Petrova', designation: 'Off Plan Specialist', office: 0, department: 2, groups: [0, 1], leadWeight: 2 },
      { slot: 'disabled', name: 'Mark Collins', designation: 'Property Consultant', office: 1, department: 0, groups: [] },
      { slot: 'test', name: 'Test Agent Marina', designation: 'QA', office: 0, department: 0, groups: [] },
    ],
  },
  downtown: {
    offices: ['Boulevard Branch', 'Business Bay Branch'],
    members: [
      { slot: 'manager', name: 'Sara Al Mansoori', user: 'manager', designation: 'Sales Manager', office: 0, department: 0, groups: [0] },
      {
        slot: 'a',
        name: 'Daniel Roberts',
        user: 'agent2',
        designation: 'Senior Property Consultant',
        office: 0,
        department: 0,
        groups: [0],
      },
      { slot: 'b', name: 'Fatima Noor', designation: 'Leasing Consultant', office: 1, department: 1, groups: [1] },
      { slot: 'c', name: 'Yusuf Rahman', designation: 'Off Plan Specialist', office: 1, department: 2, groups: [0, 1], leadWeight: 2 },
      { slot: 'disabled', name: 'Priya Sharma', designation: 'Property Consultant', office: 0, department: 0, groups: [] },
      { slot: 'test', name: 'Test Agent Downtown', designation: 'QA', office: 0, department: 0, groups: [] },
    ],
  },
};
