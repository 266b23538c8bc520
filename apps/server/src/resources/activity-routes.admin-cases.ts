import { uniqueSuffix } from '../../test/factories.js';
import { INTEGRATION_SAMPLES } from '../modules/integrations/testing.js';
import { filePart, sampleImage, uploadAs } from '../modules/storage/testing.js';
import type { RouteCase, RouteKit } from './activity-routes.kit.js';

// Test-only: the route table's cases of admin, settings, account and integration calls (activity-log-routes.test.ts).

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

const integrationRow = (kit: RouteKit, name: string) =>
  kit.ctx.db.integrationConfig.findUniqueOrThrow({ where: { assetId_name: { assetId: kit.world.assetA.id, name } } });

/** Saves a provider's complete sample settings, switched on. */
const configure = async (kit: RouteKit, name: keyof typeof INTEGRATION_SAMPLES) => {
  const res = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/${name}`, { enabled: true, ...INTEGRATION_SAMPLES[name] });
  if (res.statusCode !== 200) throw new Error(`${name} not configured: ${res.body}`);
  return integrationRow(kit, name);
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
  'assets.updateSettings': async (kit) => ({
    send: () => kit.admin.patch(`assets/${kit.world.assetA.id}/settings`, { initialSlaMinutes: 45, freePoolSlaMinutes: 90 }),
    rows: () => [{ subjectType: 'assets', subjectId: kit.world.assetA.id, action: 'update' }],
  }),
  'assets.updateBasicSettings': async (kit) => ({
    send: () =>
      kit.admin.patch(`assets/${kit.world.assetA.id}/basic-settings`, {
        companyName: 'Marina Homes',
        logo: null,
        email: 'hello@marina.example',
        phone: '+971 4 000 0000',
        address: 'Dubai Marina',
        website: 'https://marina.example',
        languages: ['en'],
        defaultLanguage: 'en',
        currencyCode: 'USD',
        timezone: 'Asia/Dubai',
        workingHours: [{ day: 1, start: '09:00', end: '18:00' }],
      }),
    rows: () => [{ subjectType: 'assets', subjectId: kit.world.assetA.id, action: 'update' }],
  }),
  'assets.updateViewingSettings': async (kit) => ({
    send: () =>
      kit.admin.patch(`assets/${kit.world.assetA.id}/viewing-settings`, {
        defaultDurationMinutes: 45,
        reminderMinutesBefore: [30],
        feedbackDelayHours: 3,
      }),
    rows: () => [{ subjectType: 'assets', subjectId: kit.world.assetA.id, action: 'update' }],
  }),
  'profile.update': async (kit) => ({
    send: () => kit.admin.patch('profile', { fullName: `Admin ${uniqueSuffix()}` }),
    rows: () => [{ subjectType: 'users', subjectId: kit.world.admin.userId, action: 'update' }],
  }),
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
  'storage.upload': async (kit) => ({
    send: async () => uploadAs(kit.ctx, kit.world.admin, [filePart(await sampleImage('png', 8, 8), 'image/png', 'plan.png')]),
    rows: (res) => [{ subjectType: 'storage', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
  }),
  'storage.remove': async (kit) => {
    const uploaded = await uploadAs(kit.ctx, kit.world.admin, [filePart(await sampleImage('png', 8, 8), 'image/png', 'old.png')]);
    const id = kit.data<{ _id: string }>(uploaded)._id;
    return {
      send: () => kit.admin.delete('storage/remove', { file: id }),
      rows: () => [{ subjectType: 'storage', subjectId: id, action: 'delete' }],
    };
  },
  'integrations.synchronization': async (kit) => {
    const row = await configure(kit, 'salesforce');
    return {
      send: () =>
        kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/synchronization/salesforce`, { enabled: true, modules: ['leads'] }),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }],
    };
  },
  // Not a provider's settings: the template each event sends, beside WhatsApp's settings.
  'integrations.updateWhatsappTriggers': async (kit, op) => {
    const row = await configure(kit, 'whatsapp');
    return {
      send: () => kit.admin.patch(kit.path(op, { id: kit.world.assetA.id }), { triggers: { 'lead.created': 'lead_acknowledgement' } }),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }],
    };
  },
  'integrations.removePropertyFinderAccount': async (kit) => {
    const row = await configure(kit, 'propertyfinder');
    return {
      send: () => kit.admin.delete(`assets/${kit.world.assetA.id}/integrations/propertyfinder/${row.id}`),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'delete' }],
    };
  },
};

/**
 * integrations.update<Provider>: every provider's settings call saves its sample settings; one row for the settings,
 * which names the secrets that changed and never holds their values.
 */
export const integrationUpdateCase: RouteCase = async (kit, op) => {
  const name = op.path.split('/').at(-1) as keyof typeof INTEGRATION_SAMPLES;
  const sample = INTEGRATION_SAMPLES[name];
  return {
    send: () => kit.admin.patch(kit.path(op, { id: kit.world.assetA.id }), { enabled: false, ...sample }),
    rows: async () => {
      const row = await integrationRow(kit, name);
      const logged = await kit.ctx.db.activityLog.findFirstOrThrow({
        where: { subjectType: 'integrations', subjectId: row.id },
        orderBy: { id: 'desc' },
      });
      for (const secret of Object.values(sample.secrets))
        if (JSON.stringify(logged.changes).includes(secret)) throw new Error(`${name}: a secret's value is in the activity log`);
      return [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }];
    },
  };
};
