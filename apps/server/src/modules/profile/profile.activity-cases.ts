import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of the caller's own profile, for
// resources/activity-log-routes.test.ts.

export const PROFILE_CASES: Readonly<Record<string, RouteCase>> = {
  'profile.update': async (kit) => ({
    send: () => kit.admin.patch('profile', { fullName: `Admin ${uniqueSuffix()}` }),
    rows: () => [{ subjectType: 'users', subjectId: kit.world.admin.userId, action: 'update' }],
  }),
};
