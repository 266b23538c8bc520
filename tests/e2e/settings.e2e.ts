import { formatInZone, LEAD_SETTINGS_MESSAGES, SETTINGS_MESSAGES } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { chooseOption } from './support/select.js';

// The Lead Setting page (docs/leads.md 'Lead settings'): an admin changes the initial SLA minutes, the page's preview
// follows, and a lead created next in the lead form gets (and shows) the new SLA end date. A free-pool SLA shorter
// than the initial one is refused in the browser with the server's message.

/** The format the lead detail page shows dates in (apps/web/src/kit/display/field-text.ts). */
const DATE_TIME_FORMAT = 'MMM D, YYYY, h:mm A';
const ZONE = 'Asia/Dubai';
const MINUTE = 60_000;

function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

async function pick(page: Page, label: string, option: string, search?: string) {
  await chooseOption(page, formItem(page, label), option, { search, exact: false });
}

interface AssetRow {
  _id: string;
  initialSlaMinutes: number;
  freePoolSlaMinutes: number;
}

interface ProfileSettings {
  currencyCode: string;
  workingHours: { day: number; start: string; end: string }[] | null;
  basic: { companyName: string };
  viewing: { defaultDurationMinutes: number; reminderMinutesBefore: number[]; feedbackDelayHours: number; reviewLinkDays: number };
}

describe('lead settings', () => {
  let session: BrowserSession;
  let page: Page;
  let baseUrl = '';
  let token = '';
  let original: AssetRow | undefined;
  const unique = String(Date.now()).slice(-7);

  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const activeAsset = async () => {
    const profile = await api<{ data: { activeAsset: { _id: string } } }>('profile');
    const assets = await api<{ data: AssetRow[] }>('assets');
    const asset = assets.data.find((a) => a._id === profile.data.activeAsset._id);
    if (!asset) throw new Error('the admin has no active asset');
    return asset;
  };

  beforeAll(async () => {
    baseUrl = e2eServer().baseUrl;
    token = await apiToken(baseUrl, 'admin@example.com');
    original = await activeAsset();
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  let originalProfile: ProfileSettings | undefined;
  afterAll(async () => {
    // Leave the demo asset as the other browser tests expect it.
    if (original && originalProfile) {
      const { basic, viewing, currencyCode, workingHours } = originalProfile;
      const { timezone } = (await api<{ data: { timezone: string } }>(`assets/${original._id}/profile-settings`)).data;
      await api(`assets/${original._id}/basic-settings`, { method: 'PATCH', body: { ...basic, currencyCode, timezone, workingHours } });
      await api(`assets/${original._id}/viewing-settings`, { method: 'PATCH', body: viewing });
    }
    if (original) {
      await api(`assets/${original._id}/settings`, {
        method: 'PATCH',
        body: { initialSlaMinutes: original.initialSlaMinutes, freePoolSlaMinutes: original.freePoolSlaMinutes },
      });
    }
    await session?.close();
  });

  it('refuses a free-pool SLA shorter than the initial one with the server’s message', async () => {
    await page.goto('/settings/lead-setting');
    await page.getByRole('heading', { name: 'Lead Setting' }).waitFor();
    await page.getByLabel('Initial SLA (minutes)').fill('200');
    await page.getByLabel('Free Pool SLA (minutes)').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(LEAD_SETTINGS_MESSAGES.freePoolShorterThanInitial(200)).waitFor();
    expect((await activeAsset()).initialSlaMinutes).toBe(original?.initialSlaMinutes);
  });

  it('changes the initial SLA minutes, and a lead created next shows the new SLA end', async () => {
    await page.goto('/settings/lead-setting');
    await page.getByLabel('Initial SLA (minutes)').fill('47');
    await page.getByLabel('Free Pool SLA (minutes)').fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(LEAD_SETTINGS_MESSAGES.saved).waitFor();
    expect(await activeAsset()).toMatchObject({ initialSlaMinutes: 47, freePoolSlaMinutes: 120 });
    // The preview: a lead created now would end its initial SLA in 47 minutes.
    const shownAt = Date.now();
    const preview = await page.getByTestId('preview-initial-sla').textContent();
    const expected = [0, 1].map((m) => formatInZone(new Date(shownAt + (47 + m) * MINUTE).toISOString(), DATE_TIME_FORMAT, ZONE));
    expect(expected).toContain(preview);

    // A customer of no open lead, then a listing lead in the lead form, assigned automatically.
    const customer = await api<{ data: { _id: string } }>('customers', {
      method: 'POST',
      body: {
        firstName: 'Sami',
        lastName: `Settings ${unique}`,
        email: `sami.${unique}@example.com`,
        phoneCode: '+971',
        phone: `52${unique}`,
        type: 'Client',
      },
    });
    await page.goto('/leads/create');
    await page.getByRole('heading', { name: 'Create Lead' }).waitFor();
    await pick(page, 'Customer', `Settings ${unique}`, `Settings ${unique}`);
    await pick(page, 'Listing', 'MAR-S-1001', 'MAR-S-1001');
    await expect.poll(() => formItem(page, 'Agent').textContent(), { timeout: 15_000 }).toContain('Aisha Khan');
    await pick(page, 'Source', 'Website', 'Website');
    await pick(page, 'Referred By', 'Aisha Khan', 'Aisha');
    await pick(page, 'Contact Method', 'Phone');
    await pick(page, 'Action', 'Requires call from agent');
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.waitForURL(/\/reports\/leads\/[0-9a-f-]{36}/, { timeout: 20_000 });
    await page.getByText('Lead has been created successfully').waitFor();

    const leadId = /\/reports\/leads\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const lead = await api<{ data: { customer: unknown; createdAt: string; initialSlaEndDate: string; freePoolSlaEndDate: string } }>(
      `properties/leads/${leadId}`,
    );
    const initialMinutes = (Date.parse(lead.data.initialSlaEndDate) - Date.parse(lead.data.createdAt)) / MINUTE;
    expect(Math.round(initialMinutes)).toBe(47);
    expect((Date.parse(lead.data.freePoolSlaEndDate) - Date.parse(lead.data.initialSlaEndDate)) / MINUTE).toBe(120);
    expect(JSON.stringify(lead.data.customer)).toContain(customer.data._id);
    // The lead's page shows that end date.
    const shown = formatInZone(lead.data.initialSlaEndDate, DATE_TIME_FORMAT, ZONE);
    await page.getByText(shown, { exact: true }).first().waitFor();
    // The lead's own history: its creation, by the admin.
    await page.getByTestId('record-history').getByText('Created').first().waitFor({ timeout: 15_000 });

    // The customer's page shows their own history; the activity logs list the settings change.
    await page.goto(`/customers/${customer.data._id}`);
    const history = page.getByTestId('record-history');
    await history.getByText('Created').first().waitFor({ timeout: 15_000 });
    await page.goto('/admin/activity-logs?refresh=1');
    await page.getByRole('heading', { name: 'Activity Logs' }).waitFor();
    await page
      .getByText(/initialSlaMinutes: \d+ -> 47/)
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('saves the basic settings (working hours included) and the viewing settings', async () => {
    const assetId = original?._id ?? '';
    originalProfile = (await api<{ data: ProfileSettings }>(`assets/${assetId}/profile-settings`)).data;
    await page.goto('/settings/basic-settings');
    await page.getByRole('heading', { name: 'Basic Settings' }).waitFor();
    await page.getByLabel('Company Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(SETTINGS_MESSAGES.companyNameRequired).waitFor();
    await page.getByLabel('Company Name').fill(`Marina Homes ${unique}`);
    await page.getByLabel('Currency').fill('usd');
    const friday = page.getByRole('checkbox', { name: 'Friday' });
    if (await friday.isChecked()) await friday.uncheck();
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByLabel('Monday closes at').fill('17:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(SETTINGS_MESSAGES.basicSaved).waitFor();
    const saved = (await api<{ data: ProfileSettings }>(`assets/${assetId}/profile-settings`)).data;
    expect(saved).toMatchObject({ currencyCode: 'USD', basic: { companyName: `Marina Homes ${unique}` } });
    expect(saved.workingHours).toContainEqual({ day: 1, start: expect.any(String), end: '17:30' });
    expect(saved.workingHours?.some((window) => window.day === 5)).toBe(false);

    await page.goto('/settings/viewing-setting');
    await page.getByRole('heading', { name: 'Viewing Setting' }).waitFor();
    await page.getByLabel('Default Duration (minutes)').fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(SETTINGS_MESSAGES.durationRange).waitFor();
    await page.getByLabel('Default Duration (minutes)').fill('45');
    await page.getByLabel('Feedback Request Delay (hours)').fill('6');
    // The review link of the feedback mail lasts 1 to 90 days.
    await page.getByLabel('Review Link Lifetime (days)').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(SETTINGS_MESSAGES.reviewLinkRange).waitFor();
    await page.getByLabel('Review Link Lifetime (days)').fill('21');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(SETTINGS_MESSAGES.viewingSaved).waitFor();
    expect((await api<{ data: ProfileSettings }>(`assets/${assetId}/profile-settings`)).data.viewing).toMatchObject({
      defaultDurationMinutes: 45,
      feedbackDelayHours: 6,
      reviewLinkDays: 21,
    });
  });
});
