import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signWhatsApp, WHATSAPP_FAKE, whatsAppNotification, type WhatsAppSentMessage } from '../../apps/server/test/fakes/whatsapp.fake.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// A lead's WhatsApp conversation as the seeded admin sees it (docs/product.md 'Lead conversations'), against the
// suite's fake WhatsApp Cloud API: WhatsApp set up on the active asset; a message from a number we do not know, signed
// and posted to the webhook, makes a general lead whose page shows it; the agent sees free text is open, replies,
// and the fake receives the reply; a read receipt shows on the message; a template goes out with its values.

/** A UAE mobile number no demo customer has, as WhatsApp writes it (digits with the country code). */
const WA_ID = `97158${String(Date.now()).slice(-7)}`;
const WAMID = `wamid.E2E${Date.now()}`;
const INBOUND = 'Hello from WhatsApp, is the villa still available?';
const REPLY = 'It is: may I call you this afternoon?';

describe('Lead conversations (WhatsApp)', () => {
  let session: BrowserSession;
  let page: Page;
  let token = '';
  let webhookUrl = '';
  let leadId = '';
  const baseUrl = () => e2eServer().baseUrl;
  const call = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${baseUrl()}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as { data: unknown } };
  };
  const deliver = (body: object) => {
    const raw = JSON.stringify(body);
    return fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsApp(raw) },
      body: raw,
    });
  };
  const sentByFake = async () =>
    ((await (await fetch(`${e2eServer().whatsAppFakeUrl}/_fake/sent`)).json()) as { sent: WhatsAppSentMessage[] }).sent.filter(
      (m) => m.to === WA_ID,
    );

  beforeAll(async () => {
    token = await apiToken(baseUrl(), 'admin@example.com');
    const profile = (await call('GET', 'profile')).json.data as { activeAsset: { _id: string } };
    const saved = await call('PATCH', `assets/${profile.activeAsset._id}/integrations/whatsapp`, {
      enabled: true,
      config: { wabaId: WHATSAPP_FAKE.wabaId, phoneNumberId: WHATSAPP_FAKE.phoneNumberId, language: 'en', triggers: {} },
      secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    webhookUrl = (saved.json.data as { webhookUrl: string }).webhookUrl;
    session = await openBrowser(inject('chromiumPath'), baseUrl());
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('shows a message WhatsApp delivers on the page of the lead it made', async () => {
    const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(401);
    const delivered = await deliver(whatsAppNotification({ messages: [{ from: WA_ID, id: WAMID, text: INBOUND, name: 'Karim Nasser' }] }));
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    // The lead is made by a job: its id once it is there.
    const filter = encodeURIComponent(JSON.stringify({ query: { sourceDataId: WAMID } }));
    for (let i = 0; i < 100 && !leadId; i += 1) {
      const leads = (await call('GET', `properties/leads?filter=${filter}`)).json.data as { _id: string }[];
      leadId = leads[0]?._id ?? '';
      if (!leadId) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(leadId).not.toBe('');

    await page.goto(`/reports/leads/${leadId}?tab=conversations`);
    const thread = page.getByTestId('conversation-thread');
    await thread.getByText(INBOUND).waitFor();
    await thread.getByText('Karim Nasser').waitFor();
    await page.getByTestId('whatsapp-window').getByText('Free text is possible until').waitFor();
    const findings = await seriousViolations(page, 'lead conversations tab');
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('sends the agent’s reply through WhatsApp, and shows its read receipt', async () => {
    const box = page.getByTestId('whatsapp-send-box');
    await box.getByRole('radio', { name: 'Free text' }).check();
    await box.getByRole('textbox', { name: 'Message' }).fill(REPLY);
    await box.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('conversation-thread').getByText(REPLY).waitFor();
    const reply = (await sentByFake()).find((m) => m.text === REPLY);
    expect(reply).toMatchObject({ type: 'text', to: WA_ID });

    await deliver(whatsAppNotification({ statuses: [{ id: reply?.wamid ?? '', status: 'read', recipient: WA_ID }] }));
    const message = page.locator('.conversation-message-out', { hasText: REPLY });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await message.getByText('Read', { exact: true }).waitFor({ timeout: 20_000 });
  });

  it('sends a template with its values, and says why a wrong send is refused', async () => {
    const box = page.getByTestId('whatsapp-send-box');
    await box.getByRole('radio', { name: 'Template' }).check();
    await box.getByRole('button', { name: 'Send' }).click();
    await box.getByText('Pick a template.').waitFor();

    await box.getByRole('combobox', { name: 'Template' }).click();
    await box.getByRole('combobox', { name: 'Template' }).fill('lead_ack');
    await page.keyboard.press('Enter');
    await box.getByLabel('Value {{1}}').fill('Karim');
    await box.getByLabel('Value {{2}}').fill('Agent Ann');
    await box.getByLabel('Value {{3}}').fill('the villa');
    await box.getByTestId('whatsapp-template-preview').getByText('Hello Karim, thank you for your enquiry.', { exact: false }).waitFor();
    await box.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('conversation-thread').getByText('Template: lead_acknowledgement').waitFor();
    const sent = (await sentByFake()).find((m) => m.type === 'template');
    expect(sent?.template).toEqual({ name: 'lead_acknowledgement', language: 'en', parameters: ['Karim', 'Agent Ann', 'the villa'] });
    const findings = await seriousViolations(page, 'WhatsApp send box with a template');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
