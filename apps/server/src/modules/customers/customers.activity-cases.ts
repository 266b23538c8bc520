import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import { one } from '../../resources/activity-routes.shared.js';

// Test-only: the activity route table's cases of the customers' own calls beside the generic ones (logins, login links, custom fields), for
// resources/activity-log-routes.test.ts.

/** A customer with a login of their own (for the link calls). */
async function customerWithLogin(kit: RouteKit) {
  const id = await kit.create('customers');
  const res = await kit.admin.patch(`customers/${id}/add-credentials`, { password: 'First-pass1' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return id;
}

export const CUSTOMER_CASES: Readonly<Record<string, RouteCase>> = {
  'customers.addCredentials': async (kit) => {
    const id = await kit.create('customers');
    return { send: () => kit.admin.patch(`customers/${id}/add-credentials`, { password: 'First-pass1' }), rows: one('customers', id) };
  },
  'customers.changePassword': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.patch(`customers/${id}/change-password`, { password: 'Second-pass1' }), rows: one('customers', id) };
  },
  'customers.changeStatus': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.patch(`customers/${id}/change-status`, { enabled: false }), rows: one('customers', id) };
  },
  'customers.createLoginUrl': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.post('customers/login-url', { customer: id }), rows: one('customers', id) };
  },
  'customers.revokeLoginUrl': async (kit) => {
    const id = await customerWithLogin(kit);
    await kit.admin.post('customers/login-url', { customer: id });
    return { send: () => kit.admin.delete('customers/login-url', { customer: id }), rows: one('customers', id) };
  },
  'customers.setCustomFields': async (kit) => {
    const id = await kit.create('customers');
    const key = `nick_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.world.company.id, assetId: kit.world.assetA.id, kind: 'customer', key, label: 'Nick', type: 'text' },
    });
    return { send: () => kit.admin.patch(`customers/custom-fields/${id}`, { customFields: { [key]: 'Ada' } }), rows: one('customers', id) };
  },
};
