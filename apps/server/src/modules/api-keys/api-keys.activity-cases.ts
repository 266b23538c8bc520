import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of issuing and revoking API keys, for
// resources/activity-log-routes.test.ts.

export const API_KEY_CASES: Readonly<Record<string, RouteCase>> = {
  'apiKeys.create': async (kit) => ({
    send: () => kit.admin.post('api-keys/create', { name: `Key ${uniqueSuffix()}`, permissions: ['CUSTOMERS_VIEW'] }),
    rows: (res) => [{ subjectType: 'apiKeys', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
  }),
  'apiKeys.revoke': async (kit) => {
    const created = await kit.admin.post('api-keys/create', { name: `Key ${uniqueSuffix()}`, permissions: ['CUSTOMERS_VIEW'] });
    const id = kit.data<{ _id: string }>(created)._id;
    return {
      send: () => kit.admin.post(`api-keys/${id}/revoke`, {}),
      rows: () => [{ subjectType: 'apiKeys', subjectId: id, action: 'update' }],
    };
  },
};
