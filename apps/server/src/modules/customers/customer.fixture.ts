import { uniqueSuffix } from '../../../test/factories.js';
import type { ResourceFixture } from '../../resources/resource-fixture.js';

// Test-only: a customer for the tests that walk every resource (resources/resource-fixtures.ts lists it).
export const customerFixture = {
  create: async (_post, n) => ({
    firstName: 'Ada',
    lastName: `Lovelace ${n}`,
    email: `ada.${n}.${uniqueSuffix()}@example.com`,
    phoneCode: '+971',
    // 501234500 + n: nine digits for any n a test reaches (the activity kit's start at 100).
    phone: `50${String(1_234_500 + n).slice(-7)}`,
    type: 'Client',
  }),
  update: { lastName: 'Byron', doNotDisturb: true },
} satisfies ResourceFixture;
