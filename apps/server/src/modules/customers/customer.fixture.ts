import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a customer for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const customerFixture = {
  create: async (_post, n) => ({
    firstName: 'Ada',
    lastName: `Lovelace ${n}`,
    email: `ada.${n}.${uniqueSuffix()}@example.com`,
    phoneCode: '+971',
    phone: `5012345${String(n).padStart(2, '0')}`,
    type: 'Client',
  }),
  update: { lastName: 'Byron', doNotDisturb: true },
} satisfies ResourceFixture;
