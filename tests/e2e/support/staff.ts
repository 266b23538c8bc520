import type { Page } from 'playwright-core';

// Signing in as the demo staff (docs/api.md 'Demo data'): through the login page, or straight to the API for a bearer token.

export const DEMO_PASSWORD = 'Passw0rd!';

export async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}
