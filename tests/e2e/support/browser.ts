import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// Debian's Chromium, headless, with the flags this network needs (no background calls home). Playwright
// gives every launch a fresh, throw-away user-data dir of its own.
export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function openBrowser(executablePath: string, baseURL: string): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, timezoneId: 'Asia/Dubai', locale: 'en-US' });
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}
