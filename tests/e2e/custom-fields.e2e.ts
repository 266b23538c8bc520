import { MESSAGES } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { chooseOption } from './support/select.js';

// Custom fields: a select field defined for listings on /properties/custom-fields (its options in the drawer), set
// in the listing form, then seen as a column of the listings list and used as its filter; text, number and date
// fields filtered on the list by a part of the text and by ranges, and shown on the listing's page; a select field of
// projects set in the project editor, then a column and a filter of the projects list; a lead field set in the
// Update Lead form, then a column of the Leads report; axe on each screen.

interface ProjectRow {
  _id: string;
  slug: string;
  customFields: Record<string, unknown> | null;
}

interface LeadRow {
  _id: string;
  leadID: string;
  customFields: Record<string, unknown> | null;
}

interface ListingRow {
  _id: string;
  reference: string;
  customFields: Record<string, unknown> | null;
}

function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

async function expectAccessible(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, `axe (WCAG 2.2 AA) on ${where}:\n${describeFindings(findings)}`).toEqual([]);
}

describe('custom fields', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(path: string) => Promise<T>;
  let send: (method: 'POST' | 'PATCH', path: string, body: object) => Promise<{ data: { _id: string } }>;
  const unique = String(Date.now()).slice(-6);
  const key = `view_${unique}`;
  const label = `View ${unique}`;
  const seaRef = `E2E-CF-SEA-${unique}`;
  const cityRef = `E2E-CF-CITY-${unique}`;
  const projectKey = `phase_${unique}`;
  const projectLabel = `Phase ${unique}`;
  const projectSlug = `cf-creek-${unique}`;
  const otherSlug = `cf-hills-${unique}`;
  const leadKey = `interest_${unique}`;
  const leadLabel = `Interest ${unique}`;

  const pickOption = async (item: ReturnType<typeof formItem>, option: string) => {
    await chooseOption(page, item, option, { exact: false });
  };

  /** Adds a select field of `kind` (its tab `tab`) with two options through the drawer. */
  const defineSelectField = async (kind: string, tab: string, field: { key: string; label: string; options: [string, string] }) => {
    await page.goto(`/properties/custom-fields?kind=${kind}&refresh=1`);
    await page.getByRole('heading', { name: 'Custom Fields', level: 1 }).waitFor();
    await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    await page.getByRole('button', { name: 'Add Custom field' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Custom field' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Label is required.').waitFor();
    await form.getByLabel('Key', { exact: true }).fill(field.key);
    await form.getByLabel('Label', { exact: true }).fill(field.label);
    await pickOption(formItem(page, 'Type'), 'Select');
    for (const [index, option] of field.options.entries()) {
      await form.getByRole('button', { name: MESSAGES.customField.addOption }).click();
      await form.getByLabel(MESSAGES.customField.optionLabel(index + 1), { exact: true }).fill(option);
    }
    await expectAccessible(page, `the custom field drawer (${tab})`);
    await recordToasts(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => toastsSeen(page)).toContain('Custom field has been added successfully');
    await page.getByTestId('custom-field-row').filter({ hasText: field.label }).waitFor();
  };

  const createProject = async (slug: string, phase: string) => {
    await page.goto('/properties/projects/create');
    await page.getByRole('heading', { name: 'Add New Project' }).waitFor();
    await page.getByRole('heading', { name: 'Custom Fields', level: 2 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`CF ${slug}`);
    await page.getByLabel('Slug').fill(slug);
    await pickOption(formItem(page, projectLabel), phase);
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/properties\/projects\/[0-9a-f-]{36}\/update/, { timeout: 20_000 });
    await expect.poll(() => toastsSeen(page)).toContain('Project has been added successfully');
  };

  const projectPhases = async () => {
    const list = await api<{ data: ProjectRow[] }>(
      `properties/projects?filter=${encodeURIComponent(
        JSON.stringify({ query: { slug: { $in: [projectSlug, otherSlug] } }, select: ['slug', 'customFields'] }),
      )}`,
    );
    return Object.fromEntries(list.data.map((row) => [row.slug, row.customFields?.[projectKey]]));
  };

  const createListing = async (reference: string, view: string) => {
    await page.goto('/properties/listings/create');
    await page.getByRole('heading', { name: 'Add New Listing' }).waitFor();
    await page.getByRole('heading', { name: 'Custom Fields', level: 2 }).waitFor();
    await page.getByLabel('Reference').fill(reference);
    await pickOption(formItem(page, label), view);
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/properties\/listings\/[0-9a-f-]{36}\?ref=/, { timeout: 20_000 });
    await expect.poll(() => toastsSeen(page)).toContain('Listing has been added successfully');
  };

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(apiPath: string) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    send = async (method, apiPath, body) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as { data: { _id: string } };
    };
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('defines a select field for listings, its options in the drawer', async () => {
    await defineSelectField('listing', 'Listings', { key, label, options: ['Sea', 'City'] });
    await page.getByRole('switch', { name: MESSAGES.customField.enable(label) }).waitFor();
    await page.getByRole('button', { name: MESSAGES.customField.dragHandle(label) }).waitFor();
    await expectAccessible(page, 'the custom fields screen');
  });

  it('sets it in the listing form, and the server keeps it', async () => {
    await createListing(seaRef, 'Sea');
    await expectAccessible(page, 'the listing page after a save');
    await createListing(cityRef, 'City');
    const list = await api<{ data: ListingRow[] }>(
      `properties/listings?filter=${encodeURIComponent(
        JSON.stringify({ query: { reference: { $in: [seaRef, cityRef] } }, select: ['reference', 'customFields'] }),
      )}`,
    );
    const byRef = Object.fromEntries(list.data.map((row) => [row.reference, row.customFields?.[key]]));
    expect(byRef).toEqual({ [seaRef]: 'Sea', [cityRef]: 'City' });
  });

  it('shows it as a column of the listings list and filters by it', async () => {
    await page.goto('/properties/listings?refresh=1');
    const table = page.getByTestId('listings-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    await table.getByRole('columnheader', { name: label }).waitFor();
    await chooseOption(page, page.getByTestId(`filter-customFields.${key}`), 'Sea', { exact: false });
    // The multi-select keeps its list open after a pick; a click outside closes it like Escape would.
    await page.getByRole('heading', { name: 'Listings', level: 1 }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await expect.poll(() => table.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    const row = table.locator('tr.ant-table-row').first();
    await row.getByRole('link', { name: seaRef, exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Sea', exact: true }).waitFor();
    expect(await table.getByText(cityRef).count()).toBe(0);
    await expectAccessible(page, 'the listings list filtered by a custom field');
  });

  it('filters the listings list by a part of a text field, a number range and a date range; the page shows the values', async () => {
    const note = { key: `note_${unique}`, label: `Note ${unique}` };
    const floor = { key: `floor_${unique}`, label: `Floor ${unique}` };
    const handover = { key: `handover_${unique}`, label: `Handover ${unique}` };
    await send('POST', 'properties/custom-fields', { kind: 'listing', ...note, type: 'text' });
    await send('POST', 'properties/custom-fields', { kind: 'listing', ...floor, type: 'number' });
    await send('POST', 'properties/custom-fields', { kind: 'listing', ...handover, type: 'date' });
    const list = await api<{ data: ListingRow[] }>(
      `properties/listings?filter=${encodeURIComponent(JSON.stringify({ query: { reference: { $in: [seaRef, cityRef] } }, select: ['reference'] }))}`,
    );
    const idOf = (ref: string) => list.data.find((row) => row.reference === ref)?._id ?? '';
    await send('PATCH', `properties/listings/custom-fields/${idOf(seaRef)}`, {
      customFields: { [note.key]: 'Corner unit, sea view', [floor.key]: 30, [handover.key]: '2027-01-15' },
    });
    await send('PATCH', `properties/listings/custom-fields/${idOf(cityRef)}`, {
      customFields: { [note.key]: 'City skyline', [floor.key]: 5, [handover.key]: '2027-06-30' },
    });

    await page.goto('/properties/listings?refresh=1');
    const table = page.getByTestId('listings-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    const shown = async () =>
      (await table.locator('tr.ant-table-row').allTextContents()).flatMap((text) => [seaRef, cityRef].filter((ref) => text.includes(ref)));
    // Text: a part of it, whatever its case.
    await page.getByLabel(MESSAGES.list.contains(note.label)).fill('SEA VIEW');
    await expect.poll(shown, { timeout: 15_000 }).toEqual([seaRef]);
    await page.getByRole('button', { name: MESSAGES.list.reset }).click();
    // Number: from 4 to 10 floors.
    await page.getByLabel(MESSAGES.list.rangeBound(floor.label, 'Min')).fill('4');
    await page.getByLabel(MESSAGES.list.rangeBound(floor.label, 'Max')).fill('10');
    await expect.poll(shown, { timeout: 15_000 }).toEqual([cityRef]);
    await page.getByRole('button', { name: MESSAGES.list.reset }).click();
    // Date: the first quarter of 2027, both days included.
    await page.getByPlaceholder(`${handover.label}: ${MESSAGES.list.rangeStart}`).click();
    await page.getByPlaceholder(`${handover.label}: ${MESSAGES.list.rangeStart}`).fill('2027-01-01');
    await page.keyboard.press('Enter');
    await page.getByPlaceholder(`${handover.label}: ${MESSAGES.list.rangeEnd}`).fill('2027-01-15');
    await page.keyboard.press('Enter');
    await expect.poll(shown, { timeout: 15_000 }).toEqual([seaRef]);
    await page.getByRole('heading', { name: 'Listings', level: 1 }).click();
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    await expectAccessible(page, 'the listings list with text, number and date filters');

    // The listing's page: its custom field values in their card.
    await page.goto(`/properties/listings/${idOf(seaRef)}`);
    const values = page.getByTestId('listing-custom-fields');
    await values.getByText('Corner unit, sea view').waitFor();
    await values.getByText('2027-01-15').waitFor();
    await values.getByText(label).waitFor();
    expect(await values.getByText('Sea', { exact: true }).count()).toBe(1);
  });

  it('sets a project field in the project editor, and the server keeps it', async () => {
    await defineSelectField('project', 'Projects', { key: projectKey, label: projectLabel, options: ['Launch', 'Handover'] });
    await createProject(otherSlug, 'Launch');
    await createProject(projectSlug, 'Launch');
    expect(await projectPhases()).toEqual({ [projectSlug]: 'Launch', [otherSlug]: 'Launch' });
    // The editor (now on the second project) shows the stored value; a change is saved with the project's fields.
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    const item = formItem(page, projectLabel);
    await item.getByText('Launch', { exact: true }).waitFor();
    await pickOption(item, 'Handover');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the project editor with its custom fields');
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastsSeen(page)).toContain('Project has been updated successfully');
    await expect.poll(projectPhases).toEqual({ [projectSlug]: 'Handover', [otherSlug]: 'Launch' });
  });

  it('shows the project field as a column of the projects list and filters by it', async () => {
    await page.goto('/properties/projects?refresh=1');
    const table = page.getByTestId('projects-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    await table.getByRole('columnheader', { name: projectLabel }).waitFor();
    await chooseOption(page, page.getByTestId(`filter-customFields.${projectKey}`), 'Handover', { exact: false });
    await page.getByRole('heading', { name: 'New Projects', level: 1 }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await expect.poll(() => table.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    const row = table.locator('tr.ant-table-row').first();
    await row.getByRole('link', { name: `CF ${projectSlug}`, exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Handover', exact: true }).waitFor();
    expect(await table.getByText(`CF ${otherSlug}`).count()).toBe(0);
    await expectAccessible(page, 'the projects list filtered by a custom field');
  });

  it('sets a lead field in the lead form, and shows it as a column of the Leads report', async () => {
    await defineSelectField('lead', 'Leads', { key: leadKey, label: leadLabel, options: ['Hot', 'Cold'] });
    const latest = async () =>
      (
        await api<{ data: LeadRow[] }>(
          `properties/leads?filter=${encodeURIComponent(
            JSON.stringify({ limit: 1, sort: { createdAt: -1 }, select: ['leadID', 'customFields'] }),
          )}`,
        )
      ).data[0];
    const lead = await latest();
    expect(lead).toBeDefined();
    await page.goto(`/leads/${lead?._id}/update`);
    await page.locator('.ant-card-head-title', { hasText: 'Custom Fields' }).waitFor();
    await pickOption(formItem(page, leadLabel), 'Hot');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the lead form with its custom fields');
    await recordToasts(page);
    await page.getByRole('button', { name: 'Update Lead' }).click();
    await expect.poll(() => toastsSeen(page), { timeout: 15_000 }).toContain(MESSAGES.lead.updated);
    await expect.poll(async () => (await latest())?.customFields?.[leadKey]).toBe('Hot');

    await page.goto('/reports/leads?refresh=1');
    const table = page.getByTestId('leads-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    await table.getByRole('columnheader', { name: leadLabel }).waitFor();
    const row = table.locator('tr.ant-table-row').filter({ has: page.getByRole('link', { name: lead?.leadID ?? '', exact: true }) });
    await row.getByRole('cell', { name: 'Hot', exact: true }).waitFor();
  });
});
