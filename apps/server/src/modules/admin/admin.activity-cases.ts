import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of the administration's calls (users, roles, company assets, the company's security settings), for
// resources/activity-log-routes.test.ts.

const newRole = async (kit: RouteKit) => {
  const res = await kit.admin.post('user-roles/create', { name: `Role ${uniqueSuffix()}`, permissions: [] });
  return kit.data<{ _id: string }>(res)._id;
};

/** A user of the company with a role of its own (not the super admin). */
const newUser = async (kit: RouteKit) => {
  const res = await kit.admin.post('users/invite', {
    email: `act-${uniqueSuffix()}@example.com`,
    fullName: 'Act User',
    role: await newRole(kit),
    assets: [kit.world.assetA.id],
  });
  return kit.data<{ user: { _id: string } }>(res).user._id;
};

export const ADMIN_CASES: Readonly<Record<string, RouteCase>> = {
  'users.invite': async (kit) => {
    const body = { email: `inv-${uniqueSuffix()}@example.com`, fullName: 'Ivy', role: await newRole(kit), assets: [] };
    return {
      send: () => kit.admin.post('users/invite', body),
      rows: (res) => [{ subjectType: 'users', subjectId: kit.data<{ user: { _id: string } }>(res).user._id, action: 'create' }],
    };
  },
  'users.create': async (kit) => {
    const body = {
      email: `new-${uniqueSuffix()}@example.com`,
      fullName: 'Noor',
      role: await newRole(kit),
      assets: [kit.world.assetA.id],
      password: 'Chosen-Passw0rd!',
    };
    return {
      send: () => kit.admin.post('users/create', body),
      rows: (res) => [{ subjectType: 'users', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'users.update': async (kit) => {
    const id = await newUser(kit);
    return {
      send: () => kit.admin.patch(`users/${id}/account`, { fullName: 'Renamed' }),
      rows: () => [{ subjectType: 'users', subjectId: id, action: 'update' }],
    };
  },
  'users.status': async (kit) => {
    const id = await newUser(kit);
    return {
      send: () => kit.admin.patch(`users/${id}/status`, { enabled: false }),
      rows: () => [{ subjectType: 'users', subjectId: id, action: 'update' }],
    };
  },
  'users.resetPassword': async (kit) => {
    const id = await newUser(kit);
    return {
      send: () => kit.admin.post(`users/${id}/reset-password`, {}),
      rows: () => [{ subjectType: 'users', subjectId: id, action: 'update' }],
    };
  },
  'roles.create': async (kit) => ({
    send: () => kit.admin.post('user-roles/create', { name: `Role ${uniqueSuffix()}`, permissions: [] }),
    rows: (res) => [{ subjectType: 'roles', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
  }),
  'roles.update': async (kit) => {
    const id = await newRole(kit);
    const body = { name: `Role ${uniqueSuffix()}`, permissions: ['CUSTOMERS_VIEW'] };
    return {
      send: () => kit.admin.patch(`user-roles/${id}/matrix`, body),
      rows: () => [{ subjectType: 'roles', subjectId: id, action: 'update' }],
    };
  },
  'roles.remove': async (kit) => {
    const id = await newRole(kit);
    return {
      send: () => kit.admin.post(`user-roles/${id}/remove`, {}),
      rows: () => [{ subjectType: 'roles', subjectId: id, action: 'delete' }],
    };
  },
  'companyAssets.status': async (kit) => {
    const created = await kit.admin.post('company-assets', {
      name: `Office ${uniqueSuffix()}`,
      timezone: 'Asia/Dubai',
      currencyCode: 'AED',
    });
    const id = kit.data<{ _id: string }>(created)._id;
    return {
      send: () => kit.admin.patch(`company-assets/${id}/status`, { enabled: false }),
      rows: () => [{ subjectType: 'companyAssets', subjectId: id, action: 'update' }],
    };
  },
  'companySettings.updateSecurity': async (kit) => ({
    send: () =>
      kit.admin.put('company-settings/security', { passwordMinLength: 10 + (Date.now() % 20), sessionMinutes: null, twoFactorRoles: [] }),
    rows: () => [{ subjectType: 'companySettings', subjectId: kit.world.company.id, action: 'update' }],
  }),
};
