import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { chooseOption } from './support/select.js';

// The lead form as staff use it (docs/product.md 'Lead form'): the validation messages, a customer added
// from the drawer, a listing lead assigned automatically and found in the Leads report; then an agent's view
// with accept and the pool's first-claim-wins.

/** The antd form item whose label reads `label`. */
function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

/** Opens the select of `label`, types `search` (server-side searches), and picks the option showing `option`. */
async function pick(page: Page, label: string, option: string, search?: string) {
  await chooseOption(page, formItem(page, label), option, { search, exact: false });
}

async function errorsShown(page: Page): Promise<string[]> {
  return page.locator('.ant-form-item-explain-error').allTextContents();
}

describe('lead form', () => {
  let session: BrowserSession;
  let page: Page;
  const unique = String(Date.now()).slice(-7);
  const customerName = { first: 'Layla', last: `Haddad-${unique.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}` };

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it("shows the lead form's messages for an empty form and for a general lead", async () => {
    await page.goto('/leads/create');
    await page.getByRole('heading', { name: 'Create Lead' }).waitFor();
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.getByText('Customer is required.').waitFor();
    const errors = await errorsShown(page);
    for (const message of [
      'Customer is required.',
      'Listing is required.',
      'Contact Type is required.',
      'Source is required.',
      'Referred By is required.',
      'Contact Method is required.',
      'Action is required.',
      'Agent is required.',
    ]) {
      expect(errors).toContain(message);
    }

    // General: manual assignment forced, the requirements become required.
    await page.getByText('General', { exact: true }).click();
    await page.getByRole('button', { name: 'Create Lead' }).click();
    await page.getByText('Min and max bedrooms is required.').first().waitFor();
    const general = await errorsShown(page);
    for (const message of [
      'Property Type is required.',
      'Amenities is required.',
      'Location is required.',
      'Min and max budget is required.',
    ]) {
      expect(general).toContain(message);
    }
    expect(general).not.toContain('Listing is required.');
    await expect(formItem(page, 'Manual Assignment').locator('.ant-switch').getAttribute('aria-checked')).resolves.toBe('true');

    // Min above max is refused on both sides.
    await formItem(page, 'Min Bedrooms').locator('input').fill('3');
    await formItem(page, 'Max Bedrooms').locator('input').fill('1');
    await page.getByText('Min bedrooms cannot be greater than Max bedrooms.').waitFor();
    await page.getByText('Max bedrooms cannot be less than Min bedrooms.').waitFor();
  });

  it('adds a customer from the drawer and selects it in the form', async () => {
    await page.goto('/leads/create');
    await page.getByRole('button', { name: 'Add New Customer' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Add New Customer').waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('First Name is required.').waitFor();
    await drawer.getByText('The Phone Number is required.').waitFor();
    await drawer.getByText('Email is required.').waitFor();

    // A click on the mask does not close it.
    await page.mouse.click(20, 500);
    await expect(drawer.isVisible()).resolves.toBe(true);

    await drawer.getByLabel('First Name').fill(customerName.first);
    await drawer.getByLabel('Last Name').fill(customerName.last);
    await pick(page, 'Phone Code', '+971', '971');
    // The pick must have taken before the number is judged against it (a busy machine re-renders the list).
    await expect.poll(() => formItem(page, 'Phone Code').textContent(), { timeout: 15_000 }).toContain('+971');
    await drawer.getByLabel('Phone', { exact: true }).fill('12');
    await drawer.getByLabel('Phone', { exact: true }).blur();
    await expect.poll(() => errorsShown(page), { timeout: 15_000 }).toContain('The Phone Number is invalid.');
    await drawer.getByLabel('Phone', { exact: true }).fill(`50${unique}`);
    await drawer.getByLabel('Email').fill(`layla.${unique}@example.com`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer has been added successfully').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expect(formItem(page, 'Customer').locator('.ant-select').textContent()).resolves.toContain(
      `${customerName.first} ${customerName.last}`,
    );
  });

  it('creates a listing lead assigned automatically and finds it in the Leads report', async () => {
    // Continues with the new customer: no open lead of theirs, so the routing is the listing's agent.
    await pick(page, 'Listing', 'MAR-S-1001', 'MAR-S-1001');
    // Auto-fill from the listing, and the agent found automatically (the agent select is read-only in auto mode).
    await expect.poll(() => formItem(page, 'Property Type').textContent()).toContain('Apartment');
    await expect.poll(() => formItem(page, 'Contact Type').textContent()).toContain('Buyer');
    await expect.poll(() => formItem(page, 'Agent').textContent(), { timeout: 15_000 }).toContain('Aisha Khan');
    await pick(page, 'Source', 'Website', 'Website');
    await pick(page, 'Referred By', 'Aisha Khan', 'Aisha');
    await pick(page, 'Contact Method', 'Phone');
    await pick(page, 'Action', 'Requires call from agent');
    await page.getByRole('button', { name: 'Create Lead' }).click();

    await page.waitForURL(/\/reports\/leads\/[0-9a-f-]{36}\?ref=%2Freports%2Fleads$/, { timeout: 20_000 });
    await page.getByText('Lead has been created successfully').waitFor();
    const heading = await page.getByRole('heading', { name: /Lead L-\d+/ }).textContent();
    const leadID = /L-\d+/.exec(heading ?? '')?.[0];
    expect(leadID).toBeDefined();

    await page.goto('/reports/leads?refresh=1');
    await page.getByRole('cell', { name: leadID, exact: true }).waitFor({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: leadID, exact: true }) });
    await expect(row.textContent()).resolves.toContain('Aisha Khan');
  });
});

describe("agent's view", () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'agent@example.com');
  });
  afterAll(async () => session?.close());

  it('claims from the pool, hears that a second claim lost, and accepts a lead', async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'agent@example.com');
    const pool = (await (
      await fetch(`${baseUrl}/api/properties/leads/pool`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { _id: string; leadID: string }[];
    };
    expect(pool.data.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pool.data;
    if (!first || !second) throw new Error('the seeded pool has two leads');

    // Reached from the side menu's My Leads entry, then its pool tab.
    const menu = page.getByRole('menu').first();
    const myLeads = menu.getByText('My Leads', { exact: true }).first();
    if (!(await myLeads.isVisible())) await menu.getByText('CRM', { exact: true }).first().click();
    await myLeads.click();
    await page.waitForURL(/\/reports\/my-leads/);
    await page.getByRole('tab', { name: 'Lead Pool' }).click();
    await page.waitForURL(/tab=pool/);
    const rowOf = (leadID: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: leadID, exact: true }) });
    await rowOf(first.leadID).waitFor();

    // The first claim wins.
    await rowOf(first.leadID).getByRole('button', { name: 'Claim' }).click();
    await page.getByText('Lead has been claimed successfully').waitFor();
    await rowOf(first.leadID).waitFor({ state: 'detached' });

    // Someone else (here: the same agent through the API) claims the second lead while the page still shows it.
    const claimed = await fetch(`${baseUrl}/api/properties/leads/pool/${second._id}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(claimed.status).toBe(200);
    await rowOf(second.leadID).getByRole('button', { name: 'Claim' }).click();
    await page.getByText('Another agent claimed this lead first.').waitFor();
    await rowOf(second.leadID).waitFor({ state: 'detached' });

    // The claimed lead is the agent's own now, waiting to be accepted.
    await page.getByRole('tab', { name: 'My Leads' }).click();
    const mine = rowOf(first.leadID);
    await mine.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Lead has been accepted successfully').waitFor();
    await mine.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });
  });
});
