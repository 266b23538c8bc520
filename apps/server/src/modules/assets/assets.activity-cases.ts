import type { RouteCase } from '../../resources/activity-routes.kit.js';

// Test-only: the activity route table's cases of an asset's settings calls, for
// resources/activity-log-routes.test.ts.

export const ASSET_CASES: Readonly<Record<string, RouteCase>> = {
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
};
