import type { Page } from 'playwright-core';

// antd messages can live for less than a poll interval (a loading message closed as soon as its call answers,
// a success toast under load): record every text as it appears, then assert on what was seen.

interface ToastWindow {
  toastsSeen?: string[];
}

/**
 * Starts recording the texts of antd messages on the current page (again from empty when called again).
 * Reads the mutation records themselves, not only the DOM at callback time: a notice added and removed
 * between two callbacks is still in the records, and a detached node keeps its text.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as ToastWindow).toastsSeen = seen;
    const note = (notice: Element) => {
      const text = notice.textContent ?? '';
      if (text && !seen.includes(text)) seen.push(text);
    };
    const noticesIn = (node: Node): Element[] => {
      const element = node instanceof Element ? node : node.parentElement;
      if (!element) return [];
      const own = element.closest('.ant-message-notice');
      return own ? [own] : [...element.querySelectorAll('.ant-message-notice')];
    };
    new MutationObserver((records) => {
      for (const record of records) {
        noticesIn(record.target).forEach(note);
        for (const node of record.addedNodes) noticesIn(node).forEach(note);
      }
      document.querySelectorAll('.ant-message-notice').forEach(note);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The texts recorded since recordToasts, in order of appearance, joined by ' | ' (a failure shows them all). */
export async function toastsSeen(page: Page): Promise<string> {
  const seen = await page.evaluate(() => (window as unknown as ToastWindow).toastsSeen ?? []);
  return seen.join(' | ');
}
