import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// Debian's Chromium, headless, with the flags this network needs (no background calls home).
export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function openBrowser(executablePath: string, baseURL: string): Promise<BrowserSession> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-'));
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', `--user-data-dir=${profileDir}`],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, timezoneId: 'Asia/Dubai', locale: 'en-US' });
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      await browser.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
