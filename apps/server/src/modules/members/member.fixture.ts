import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';
import { translations } from '../../resources/resource-fixture-kit.js';

// Test-only: a team member for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const memberFixture: ResourceFixture = {
  create: async (post, n) => ({
    name: `Agent ${n}`,
    officeName: 'Marina',
    designation: 'Senior Agent',
    email: `agent.${n}.${uniqueSuffix()}@example.com`,
    phoneCode: '+971',
    phone: '501112233',
    areas: ['Dubai Marina', 'JLT'],
    translations,
    isTest: false,
    leadWeight: 3,
    sourceDataId: `crm-${uniqueSuffix()}`,
    dataSourceCreatedAt: '2026-01-05T10:00:00.000Z',
    department: await post('teams/departments', { name: `Offplan ${n}` }),
    reportedTo: await post('teams/members', { name: `Manager ${n}` }),
  }),
  update: { designation: 'Team Lead', enabled: false },
};
