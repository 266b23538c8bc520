import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { chooseOption } from './support/select.js';

// The customers screens on the web resource kit (docs/product.md 'Lists', 'Customers'): the list filtered, sorted,
// searched and exported; a customer created and edited with the form's messages and the server's 409; a
// customer's page with their leads and their account actions; a delete with its confirmation.

interface ApiList<T> {
  data: T[];
  meta: { total: number };
}
interface CustomerRow {
  _id: string;
  customerID: string;
  fullName: string;
  type: string;
}

/** The antd form item whose label reads `label`. */
function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

describe('customers', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(path: string) => Promise<T>;
  const unique = String(Date.now()).slice(-7);
  const letters = unique.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
  const email = `nadia.${unique}@example.com`;
  let createdId = '';

  const column = (title: string) =>
    page.evaluate((name) => {
      const table = document.querySelector('[data-testid="customers-table"]');
      const headers = [...(table?.querySelectorAll('.ant-table-thead th') ?? [])].map((th) => th.textContent?.trim());
      const index = headers.indexOf(name);
      return [...(table?.querySelectorAll('.ant-table-tbody tr.ant-table-row') ?? [])].map(
        (tr) => tr.querySelectorAll('td')[index]?.textContent?.trim() ?? '',
      );
    }, title);
  const waitTotal = (total: number) =>
    page.waitForFunction(
      (expected) => document.querySelector('.ant-pagination-total-text')?.textContent?.endsWith(`of ${expected}`),
      total,
    );
  const pick = async (testId: string, option: string) => {
    await chooseOption(page, page.getByTestId(testId), option, { exact: false });
  };
  const listOf = (query: object, extra: object = {}) =>
    api<ApiList<CustomerRow>>(`customers?filter=${encodeURIComponent(JSON.stringify({ query, limit: 100, ...extra }))}`);

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(path: string) => {
      const res = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('lists the customers newest first and filters them by type', async () => {
    const all = await listOf({});
    await page.goto('/customers?refresh=1');
    await page.getByTestId('customers-table').locator('.ant-table-row').first().waitFor();
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const title of ['Customer ID', 'Full Name', 'Email', 'Phone Number', 'Type', 'Enabled', 'Created At', 'Actions']) {
      expect(headers).toContain(title);
    }
    await waitTotal(all.meta.total);
    expect(await column('Customer ID')).toEqual(all.data.slice(0, 20).map((c) => c.customerID));

    const spam = await listOf({ type: 'Spam' });
    expect(spam.meta.total).toBeGreaterThan(0);
    await pick('filter-type', 'Spam');
    await waitTotal(spam.meta.total);
    expect(new Set(await column('Type'))).toEqual(new Set(['Spam']));
  });

  it('sorts by one column, the way the server does', async () => {
    const byName = await listOf({ type: 'Spam' }, { sort: { fullName: 1 }, limit: 20 });
    await page.locator('.ant-table-thead th', { hasText: 'Full Name' }).click();
    await page.waitForFunction((first) => {
      const cell = document.querySelector('[data-testid="customers-table"] tr.ant-table-row a');
      return cell?.textContent?.trim() === first;
    }, byName.data[0]?.fullName);
    expect(await column('Full Name')).toEqual(byName.data.map((c) => c.fullName));
  });

  it('exports the filtered customers as CSV, one row each', async () => {
    const spam = await listOf({ type: 'Spam' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByTestId('customers-export').click();
        await page.locator('.ant-dropdown:visible').getByText('CSV', { exact: true }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...rows] = csv.trim().split(/\r?\n/);
    expect(header.split(',').slice(0, 2)).toEqual(['Customer ID', 'Full Name']);
    expect(rows).toHaveLength(spam.meta.total);
    expect(new Set(rows.map((row) => row.split(',')[0]))).toEqual(new Set(spam.data.map((c) => c.customerID)));
  });

  it('searches by customer ID (typed with spaces) and starts afresh with refresh', async () => {
    const spam = await listOf({ type: 'Spam' });
    const target = spam.data[0];
    if (!target) throw new Error('the demo data has a spam customer');
    await page.getByTestId('list-search').locator('input').fill(`  ${target.customerID}  `);
    await waitTotal(1);
    expect(await column('Customer ID')).toEqual([target.customerID]);
    await page.goto('/customers?refresh=1');
    await waitTotal((await listOf({})).meta.total);
  });

  it('hides a column by choice, remembered on return; the chooser closes on Escape back to its button', async () => {
    const chooser = page.getByTestId('column-chooser');
    await chooser.click();
    const choices = page.getByRole('group', { name: 'Choose the columns to show' });
    await choices.getByRole('checkbox', { name: 'Do Not Disturb' }).click();
    await page.keyboard.press('Escape');
    await choices.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('column-chooser');
    const headers = async () => (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    expect(await headers()).not.toContain('Do Not Disturb');
    await page.reload();
    await page.getByTestId('customers-table').locator('.ant-table-row').first().waitFor();
    expect(await headers()).not.toContain('Do Not Disturb');
    await chooser.click();
    // In full runs the click was lost twice (the column never came back, the box unticked); the list of choices grows
    // when the asset's custom fields load, so the box is ticked again while it reads unticked.
    const doNotDisturb = choices.getByRole('checkbox', { name: 'Do Not Disturb' });
    await expect
      .poll(async () => {
        if (!(await doNotDisturb.isChecked())) await doNotDisturb.click();
        return headers();
      })
      .toContain('Do Not Disturb');
    await page.keyboard.press('Escape');
  });

  it("creates a customer: the form's messages first, then saved and opened", async () => {
    await page.getByRole('link', { name: 'Add Customer' }).click();
    await page.waitForURL(/\/customers\/create/);
    await page.getByRole('heading', { name: 'Add New Customer' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem(page, 'First Name').getByText('First Name is required.').waitFor();
    // Focus goes to the first invalid field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('firstName');

    await page.getByLabel('First Name').fill('Nadia');
    await page.getByLabel('Last Name').fill(`Saleh-${letters}`);
    await chooseOption(page, formItem(page, 'Phone Code'), '+971', { search: '971', exact: false });
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByLabel('Phone', { exact: true }).blur();
    await formItem(page, 'Phone').getByText('The Phone Number is invalid.').waitFor();
    await page.getByLabel('Phone', { exact: true }).fill(`52${unique}`);
    await page.getByLabel('Email').fill(email);

    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}\?ref=%2Fcustomers$/, { timeout: 20_000 });
    await expect.poll(() => toastsSeen(page)).toContain('Customer has been added successfully');
    createdId = /\/customers\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name: `Nadia Saleh-${letters}` }).waitFor();
    await page.getByTestId('customers-detail').getByText(email).waitFor();
  });

  it('opens the same form in the lead form drawer, which Escape closes back to its button', async () => {
    await page.goto('/leads/create');
    const opener = page.getByRole('button', { name: 'Add New Customer' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Add New Customer' });
    await drawer.getByLabel('First Name').waitFor();
    // Focus moves into the drawer once it has opened.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-drawer'))), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), { timeout: 15_000 }).toBe('Add New Customer');
  });

  it("refuses a second customer with the same email with the server's message", async () => {
    const [first] = (await listOf({ email })).data;
    await page.goto('/customers/create');
    await page.getByLabel('First Name').fill('Nadia');
    await chooseOption(page, formItem(page, 'Phone Code'), '+971', { search: '971', exact: false });
    await page.getByLabel('Phone', { exact: true }).fill(`56${unique}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-alert').getByText(`A customer with this email already exists (${first?.customerID}).`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customers/create');
  });

  it('edits a customer: an empty first name is refused, a new one saved', async () => {
    await page.goto(`/customers/${createdId}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/customers/${createdId}/update\\?ref=`));
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Nadia');
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem(page, 'First Name').getByText('First Name is required.').waitFor();
    await page.getByLabel('First Name').fill('Noor');
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === `/customers/${createdId}`);
    await expect.poll(() => toastsSeen(page)).toContain('Customer has been updated successfully');
    await page.getByRole('heading', { name: `Noor Saleh-${letters}` }).waitFor();
  });

  it("shows a customer's leads on their page", async () => {
    const leads = await api<ApiList<{ leadID: string; customer: string }>>(
      `properties/leads?filter=${encodeURIComponent(JSON.stringify({ limit: 1, select: ['customer'] }))}`,
    );
    const customerId = leads.data[0]?.customer;
    if (!customerId) throw new Error('the demo data has leads');
    const theirs = await api<ApiList<{ leadID: string }>>(
      `properties/leads?filter=${encodeURIComponent(JSON.stringify({ query: { customer: customerId }, limit: 20, select: ['leadID'] }))}`,
    );
    await page.goto(`/customers/${customerId}`);
    const table = page.getByTestId('customer-leads-table');
    await table.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(theirs.data.length);
    for (const lead of theirs.data) await table.getByRole('link', { name: lead.leadID, exact: true }).waitFor();
  });

  it("manages the customer's login: on, a quick-login link, revoked", async () => {
    await page.goto(`/customers/${createdId}`);
    const account = page.getByTestId('customer-account');
    await account.getByRole('button', { name: 'Enable Login' }).click();
    await account.getByRole('button', { name: 'Disable Login' }).waitFor();
    await account.getByRole('button', { name: 'Create Login Link' }).click();
    await account.getByTestId('quick-login-url').getByText('/customer/quick-login?token=').waitFor();
    await account.getByText(/^Works until /).waitFor();
    await account.getByRole('button', { name: 'Revoke Link' }).click();
    await account.getByText('No live link.').waitFor();
  });

  it('deletes a customer after confirmation', async () => {
    await page.goto('/customers?refresh=1');
    await page.getByTestId('list-search').locator('input').fill(email);
    await waitTotal(1);
    await page.getByRole('button', { name: `Delete customer Noor Saleh-${letters}` }).click();
    // The confirmation is a dialog named by its question.
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this customer?' });
    await dialog.getByText('This action cannot be undone.').waitFor();
    await recordToasts(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No customers found').waitFor();
    expect(await toastsSeen(page)).toContain('Customer has been deleted successfully');
    expect((await listOf({ email })).meta.total).toBe(0);
  });
});
