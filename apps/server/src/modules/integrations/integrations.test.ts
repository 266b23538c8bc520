import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, INTEGRATION_PROVIDER_NAMES, isMultiAccountProvider, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createTenant, createUser, loginAs, type Tenant } from '../../../test/factories.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';

// An asset's integrations over real PostgreSQL and Redis, through the REST door: answered even when never set,
// saved for all 27 providers through their strict schemas, secrets sealed at rest and answered masked, never
// logged; other assets' answer 404, callers without INTEGRATIONS_VIEW 403.

let ctx: TestContext;
let tenant: Tenant;
let other: Tenant;
let admin: { authorization: string };
let agent: { authorization: string };
const logLines: string[] = [];

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const path = (name: string, asset = tenant.asset.id) => `/api/assets/${asset}/integrations/${name}`;

beforeAll(async () => {
  ctx = await createTestApp({
    loggerStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  tenant = await createTenant(ctx);
  other = await createTenant(ctx, { assetName: 'Other Integrations Asset' });
  const adminRole = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: tenant.company });
  const agentRole = await createRole(ctx, [P.LEAD_ADD], { company: tenant.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role: adminRole, assets: [tenant.asset] })).email);
  agent = await loginAs(ctx, (await createUser(ctx, { role: agentRole, assets: [tenant.asset] })).email);
});
afterAll(async () => ctx?.close());

describe('integrations: GET and PATCH {name}', () => {
  it('answers a never-set integration with its defaults, and every provider in the list', async () => {
    const res = await call('GET', path('sendgrid'), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      _id: null,
      provider: 'sendgrid',
      label: 'SendGrid',
      kind: 'email',
      capabilities: ['email', 'customers-out', 'webhook', 'connection-test'],
      asset: tenant.asset.id,
      enabled: false,
      status: 'not_configured',
      config: {},
      secrets: { apiKey: { set: false, hint: null } },
      webhookUrl: null,
      feedUrls: [],
      lastTestedAt: null,
      lastError: null,
      updatedAt: null,
    });
    const list = await call('GET', `/api/assets/${tenant.asset.id}/integrations`, admin);
    expect(list.json().data.map((item: { provider: string }) => item.provider)).toEqual(INTEGRATION_PROVIDER_NAMES);
  });

  it('saves every provider through its own schema, seals its secrets and answers them masked', async () => {
    for (const name of INTEGRATION_PROVIDER_NAMES) {
      const sample = INTEGRATION_SAMPLES[name];
      const res = await call('PATCH', path(name), admin, { enabled: true, ...sample });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const record = res.json().data;
      expect(record).toMatchObject({ provider: name, enabled: true, status: 'configured', config: sample.config });
      for (const [key, value] of Object.entries(sample.secrets)) {
        expect(record.secrets[key], `${name}.${key}`).toEqual({ set: true, hint: `••••${value.slice(-4)}` });
        expect(res.body).not.toContain(value);
      }
      const integration = await ctx.db.integrationConfig.findUniqueOrThrow({ where: { assetId_name: { assetId: tenant.asset.id, name } } });
      // Property Finder keeps its secrets on its accounts (the first one has the integration's id).
      const row = isMultiAccountProvider(name)
        ? await ctx.db.integrationAccount.findUniqueOrThrow({ where: { id: integration.id } })
        : integration;
      expect(row.secretsKeyVersion).toMatch(/^[0-9a-f]{12}$/);
      expect(row.secretsIv?.length).toBe(12);
      expect(row.secretsTag?.length).toBe(16);
      const stored = JSON.stringify(row) + Buffer.from(row.secretsCiphertext ?? new Uint8Array()).toString('utf8');
      for (const value of Object.values(sample.secrets)) expect(stored).not.toContain(value);
    }
    const partner = (await call('GET', path('astra'), admin)).json().data;
    expect(partner.webhookUrl).toBe(`${ctx.env.APP_URL}/api/integrations/astra/webhook/${partner._id}`);
    // The portals' lead webhooks and DocuSign Connect are served too; no address is handed out for a provider whose
    // webhook is not.
    const portal = (await call('GET', path('propertyfinder'), admin)).json().data;
    expect(portal.webhookUrl).toBe(`${ctx.env.APP_URL}/api/integrations/propertyfinder/webhook/${portal._id}`);
    const docusign = (await call('GET', path('docusign'), admin)).json().data;
    expect(docusign.webhookUrl).toBe(`${ctx.env.APP_URL}/api/integrations/docusign/webhook/${docusign._id}`);
    expect((await call('GET', path('tinyurl'), admin)).json().data.webhookUrl).toBeNull();
  });

  it('keeps an omitted secret and an echoed mask, clears one set to null, and resets the status on a change', async () => {
    const before = (await call('GET', path('propertyfinder'), admin)).json().data;
    const res = await call('PATCH', path('propertyfinder'), admin, {
      secrets: { apiKey: before.secrets.apiKey.hint, webhookSecret: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.secrets).toEqual({
      apiKey: before.secrets.apiKey,
      apiSecret: before.secrets.apiSecret,
      webhookSecret: { set: false, hint: null },
    });
    // Clearing a required secret leaves the provider not configured.
    const cleared = (await call('PATCH', path('propertyfinder'), admin, { secrets: { apiSecret: null } })).json().data;
    expect(cleared.status).toBe('not_configured');
    const again = (await call('PATCH', path('propertyfinder'), admin, { secrets: { apiSecret: 'pf-secret-0123456789' } })).json().data;
    expect(again).toMatchObject({ status: 'configured', secrets: { apiSecret: { set: true, hint: '••••6789' } } });
  });

  it('refuses a bad config with field messages and stores nothing', async () => {
    const before = await ctx.db.integrationConfig.findUniqueOrThrow({
      where: { assetId_name: { assetId: tenant.asset.id, name: 'sendgrid' } },
    });
    const res = await call('PATCH', path('sendgrid'), admin, {
      enabled: false,
      config: { fromEmail: 'nope', fromName: '', surprise: 1 },
      secrets: { apiKey: 'SG.new-key-that-must-not-land' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: {
        'config.fromEmail': [M.email('From email')],
        'config.fromName': [M.required('From name')],
        'config.surprise': ["Unknown field 'surprise'."],
      },
    });
    const after = await ctx.db.integrationConfig.findUniqueOrThrow({ where: { id: before.id } });
    expect(after).toEqual(before);
    const unknownSecret = await call('PATCH', path('sendgrid'), admin, { secrets: { password: 'x' } });
    expect(unknownSecret.statusCode).toBe(400);
  });

  it('answers 404 for another asset, 403 without INTEGRATIONS_VIEW, 400 for an unknown provider', async () => {
    expect((await call('GET', path('sendgrid', other.asset.id), admin)).statusCode).toBe(404);
    expect((await call('PATCH', path('sendgrid', other.asset.id), admin, { enabled: true })).statusCode).toBe(404);
    expect((await call('GET', path('sendgrid'), agent)).statusCode).toBe(403);
    expect((await call('PATCH', path('sendgrid'), agent, { enabled: false })).statusCode).toBe(403);
    expect((await call('GET', path('myspace'), admin)).statusCode).toBe(400);
  });

  it('never writes a secret into the log', () => {
    const logs = logLines.join('\n');
    expect(logs).toContain('request');
    for (const sample of Object.values(INTEGRATION_SAMPLES))
      for (const value of Object.values(sample.secrets)) expect(logs).not.toContain(value);
    expect(logs).not.toContain('SG.new-key-that-must-not-land');
  });
});
