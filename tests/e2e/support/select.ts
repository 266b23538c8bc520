import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks `option` in the antd select of a form item (the whole text, unless not `exact`; typed first as `search`), and
 * checks that the field shows it (or `shows`). A loaded machine can re-render the open list (a search answering)
 * under the click, which then picks nothing: the pick is tried again until the field shows it, then the list is closed by a blur, not Escape (it would close the drawer or modal around the form).
 */
export async function chooseOption(
  page: Page,
  item: Locator,
  option: string,
  how: { search?: string; exact?: boolean; shows?: string } = {},
): Promise<void> {
  const { search, exact = true, shows = option } = how;
  const combobox = item.getByRole('combobox');
  // antd 6 shows a single select's value in its content box, a multiple one's as selection items.
  const shown = item.locator('.ant-select-content-has-value, .ant-select-selection-item', { hasText: shows });
  const text = exact ? new RegExp(`^${escapeRegExp(option)}$`) : option;
  const listed = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await expect
    .poll(
      async () => {
        if (await shown.count()) return true;
        if (!(await listed.count())) {
          await combobox.click();
          if (search !== undefined) await combobox.fill(search);
          await listed.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        await listed.click({ timeout: 2_000 }).catch(() => undefined);
        return (await shown.count()) > 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await expect
    .poll(async () => {
      const open = await page.locator('.ant-select-dropdown:visible').count();
      // rc-select closes its list when the field loses focus.
      if (open) await combobox.evaluate((element) => (element as HTMLElement).blur());
      return open;
    })
    .toBe(0);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Types `typed` into an antd AutoComplete and picks `option` from its list, tried again until the input holds it (the
 * list answering a keystroke late can re-render under the click, as with a select).
 */
export async function chooseCompletion(page: Page, input: Locator, typed: string, option: string): Promise<void> {
  const listed = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${escapeRegExp(option)}$`) })
    .first();
  await expect
    .poll(
      async () => {
        if ((await input.inputValue()) === option) return true;
        if (!(await listed.count())) {
          await input.fill(typed);
          await listed.waitFor({ timeout: 5_000 }).catch(() => undefined);
        }
        await listed.click({ timeout: 2_000 }).catch(() => undefined);
        return (await input.inputValue()) === option;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  await expect
    .poll(async () => {
      const open = await page.locator('.ant-select-dropdown:visible').count();
      if (open) await input.evaluate((element) => (element as HTMLElement).blur());
      return open;
    })
    .toBe(0);
}

/**
 * Types a date and time into an antd DatePicker with a time (as the form reads it) and confirms it with the panel's
 * OK (Enter would also submit the form), tried again until the closed picker shows it.
 */
export async function typeDateTime(page: Page, field: Locator, typed: string): Promise<void> {
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect
    .poll(
      async () => {
        if ((await field.inputValue()) === typed && !(await panel.count())) return true;
        await field.click();
        await field.fill(typed);
        await panel
          .locator('.ant-picker-ok button:not([disabled])')
          .click({ timeout: 3_000 })
          .catch(() => undefined);
        await panel.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
        return (await field.inputValue()) === typed && !(await panel.count());
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** Picks whatever option the select of `item` lists first (its text read from the open list), as `chooseOption`. */
export async function chooseFirstOption(page: Page, item: Locator): Promise<string> {
  const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect
    .poll(async () => {
      if (!(await first.count())) await item.getByRole('combobox').click();
      return ((await first.textContent({ timeout: 5_000 }).catch(() => '')) ?? '').trim();
    })
    .not.toBe('');
  const option = ((await first.textContent()) ?? '').trim();
  await chooseOption(page, item, option);
  return option;
}
