import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, SETTINGS_MESSAGES, VIEWING_SETTINGS_DEFAULTS } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, loginAs } from '../../../test/factories.js';

// Basic Settings and Viewing Settings over real PostgreSQL: stored, answered, validated field by field, permission
// by page, 404 for another company's asset, and the working hours the lead clock reads.

let ctx: TestContext;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let foreign: Awaited<ReturnType<typeof createTenant>>;
let basicHeaders: Record<string, string>;
let viewingHeaders: Record<string, string>;

const basic = {
  companyName: 'Marina Homes',
  logo: null,
  email: 'hello@marina.example',
  phone: '+971 4 000 0000',
  address: 'Dubai Marina',
  website: 'https://marina.example',
  languages: ['en', 'ar'],
  defaultLanguage: 'en',
  currencyCode: 'USD',
  timezone: 'Asia/Dubai',
  workingHours: [{ day: 1, start: '09:00', end: '18:00' }],
};

const call = (method: 'GET' | 'PATCH', path: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url: `/api/assets/${path}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await createTenant(ctx);
  foreign = await createTenant(ctx);
  const basicRole = await createRole(ctx, [P.BASIC_SETTING_VIEW], { company: tenant.company });
  const viewingRole = await createRole(ctx, [P.VIEWING_SETTING_VIEW], { company: tenant.company });
  basicHeaders = await loginAs(ctx, (await createUser(ctx, { role: basicRole, assets: [tenant.asset] })).email);
  viewingHeaders = await loginAs(ctx, (await createUser(ctx, { role: viewingRole, assets: [tenant.asset] })).email);
});
afterAll(async () => ctx.close());

describe('basic settings', () => {
  it('answers defaults, then stores the form; the working hours and zone are the asset’s own', async () => {
    const before = await call('GET', `${tenant.asset.id}/profile-settings`, basicHeaders);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      currencyCode: 'AED',
      basic: { companyName: tenant.company.name, languages: ['en'] },
      viewing: VIEWING_SETTINGS_DEFAULTS,
    });

    const saved = await call('PATCH', `${tenant.asset.id}/basic-settings`, basicHeaders, basic);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      currencyCode: 'USD',
      workingHours: basic.workingHours,
      basic: { companyName: 'Marina Homes', languages: ['en', 'ar'] },
    });
    const row = await ctx.db.asset.findUniqueOrThrow({ where: { id: tenant.asset.id } });
    expect(row).toMatchObject({ currencyCode: 'USD', workingHours: basic.workingHours });
    expect((await call('GET', `${tenant.asset.id}/profile-settings`, basicHeaders)).json().data.basic.website).toBe(
      'https://marina.example',
    );
    const logged = await ctx.db.activityLog.findFirst({
      where: { subjectType: 'assets', subjectId: tenant.asset.id },
      orderBy: { createdAt: 'desc' },
    });
    expect(logged?.changes).toMatchObject({ before: { currencyCode: 'AED' }, after: { currencyCode: 'USD' } });
  });

  it('refuses invalid fields with field messages and stores nothing', async () => {
    const res = await call('PATCH', `${tenant.asset.id}/basic-settings`, basicHeaders, {
      ...basic,
      companyName: '',
      email: 'not-an-email',
      website: 'ftp://x',
      currencyCode: 'usd',
      timezone: 'Mars/Olympus',
      languages: ['en'],
      defaultLanguage: 'ar',
      logo: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({
      companyName: [SETTINGS_MESSAGES.companyNameRequired],
      email: [SETTINGS_MESSAGES.emailInvalid],
      website: [SETTINGS_MESSAGES.websiteInvalid],
      currencyCode: [SETTINGS_MESSAGES.currencyInvalid],
      timezone: [SETTINGS_MESSAGES.timezoneInvalid],
      defaultLanguage: [SETTINGS_MESSAGES.defaultLanguageNotChosen],
    });
    const missingLogo = await call('PATCH', `${tenant.asset.id}/basic-settings`, basicHeaders, {
      ...basic,
      logo: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingLogo.statusCode).toBe(400);
    expect(missingLogo.json().data).toEqual({ logo: [SETTINGS_MESSAGES.logoNotFound] });
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: tenant.asset.id } })).currencyCode).toBe('USD');
  });

  it('needs BASIC_SETTING_VIEW, and answers 404 for another company’s asset', async () => {
    expect((await call('PATCH', `${tenant.asset.id}/basic-settings`, viewingHeaders, basic)).statusCode).toBe(403);
    expect((await call('PATCH', `${foreign.asset.id}/basic-settings`, basicHeaders, basic)).statusCode).toBe(404);
    expect((await call('GET', `${foreign.asset.id}/profile-settings`, basicHeaders)).statusCode).toBe(404);
  });
});

describe('viewing settings', () => {
  it('stores the duration, reminders (latest first) and feedback delay', async () => {
    const saved = await call('PATCH', `${tenant.asset.id}/viewing-settings`, viewingHeaders, {
      defaultDurationMinutes: 45,
      reminderMinutesBefore: [30, 1440],
      feedbackDelayHours: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.viewing).toEqual({
      defaultDurationMinutes: 45,
      reminderMinutesBefore: [1440, 30],
      feedbackDelayHours: 4,
      reviewLinkDays: 14,
    });
    // Basic settings are kept beside them.
    expect(saved.json().data.basic.companyName).toBe('Marina Homes');
  });

  it('refuses values out of range', async () => {
    const res = await call('PATCH', `${tenant.asset.id}/viewing-settings`, viewingHeaders, {
      defaultDurationMinutes: 1,
      reminderMinutesBefore: [30, 30],
      feedbackDelayHours: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({
      defaultDurationMinutes: [SETTINGS_MESSAGES.durationRange],
      reminderMinutesBefore: [SETTINGS_MESSAGES.remindersUnique],
      feedbackDelayHours: [SETTINGS_MESSAGES.feedbackRange],
    });
    expect((await call('PATCH', `${tenant.asset.id}/viewing-settings`, basicHeaders, VIEWING_SETTINGS_DEFAULTS)).statusCode).toBe(403);
  });
});
