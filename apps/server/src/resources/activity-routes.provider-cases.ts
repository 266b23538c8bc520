import { uniqueSuffix } from '../../test/factories.js';
import { TINYURL_FAKE_TOKEN } from '../../test/fakes/tinyurl.fake.js';
import { WHATSAPP_FAKE } from '../../test/fakes/whatsapp.fake.js';
import { INTEGRATION_SAMPLES } from '../modules/integrations/integration-test-samples.js';
import { leadPayload } from '../modules/leads/lead-test-kit.js';
import type { Rest, RouteCase, RouteKit } from './activity-routes.kit.js';

// Test-only: the route table's cases of calls that go through a provider (activity-log-routes.test.ts starts a local
// TinyURL and WhatsApp for them) and of a provider's own settings beside its PATCH. The lead world's asset is used
// where the call reads a lead.

/** Saves TinyURL, switched on, for the asset, against the test's local fake (its address comes from the env). */
async function withTinyUrl(caller: Rest, assetId: string) {
  const saved = await caller.patch(`assets/${assetId}/integrations/tinyurl`, {
    enabled: true,
    config: { domain: 'tinyurl.com' },
    secrets: { apiToken: TINYURL_FAKE_TOKEN },
  });
  if (saved.statusCode !== 200) throw new Error(`tinyurl not configured: ${saved.body}`);
}

/** A lead of the lead world whose customer has an email and a UAE mobile number. */
async function newLead(kit: RouteKit) {
  const customer = await kit.leads.customer();
  const national = `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await kit.ctx.db.customer.update({
    where: { id: customer.id },
    data: { email: `c-${uniqueSuffix()}@example.com`, phoneCode: '+971', phone: national, phoneNumber: `+971${national}` },
  });
  const res = await kit.ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await kit.leads.manager.headers(),
    payload: leadPayload(kit.leads, customer.id),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as { data: { _id: string } }).data._id;
}

/** A lead of the lead world with a tracking link to shorten. */
async function leadWithTrackingLink(kit: RouteKit) {
  const id = await newLead(kit);
  await kit.ctx.db.lead.update({ where: { id }, data: { trackingLink: `https://example.com/track/${id}` } });
  return id;
}

/** Saves a provider, switched on, for the lead world's asset. */
async function configureLeadsAsset(kit: RouteKit, name: string, body: object) {
  const saved = await kit.leadsAdmin.patch(`assets/${kit.leads.asset.id}/integrations/${name}`, { enabled: true, ...body });
  if (saved.statusCode !== 200) throw new Error(`${name} not configured: ${saved.body}`);
}

export const PROVIDER_CASES: Readonly<Record<string, RouteCase>> = {
  // The envelope is stored with its row; DocuSign is called by the send job after (not run here).
  'envelopes.send': async (kit) => {
    await configureLeadsAsset(kit, 'docusign', INTEGRATION_SAMPLES.docusign);
    const lead = await newLead(kit);
    const suffix = uniqueSuffix();
    const file = await kit.ctx.db.storedFile.create({
      data: {
        companyId: kit.leads.company.id,
        assetId: kit.leads.asset.id,
        name: `offer-${suffix}.pdf`,
        category: 'documents',
        type: 'document',
        mimeType: 'application/pdf',
        size: 10,
        storageKey: `${kit.leads.asset.id}/${suffix}.pdf`,
        url: `/api/storage/files/${suffix}`,
        ext: 'pdf',
      },
    });
    return {
      send: () => kit.leadsAdmin.post('envelopes/send', { lead, file: file.id }),
      rows: (res) => [{ subjectType: 'envelopes', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  // The lead's WhatsApp conversation exists (a first message): the call adds one message to it, its one row.
  'leads.sendWhatsApp': async (kit) => {
    await configureLeadsAsset(kit, 'whatsapp', {
      config: {
        wabaId: WHATSAPP_FAKE.wabaId,
        phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
        displayNumber: WHATSAPP_FAKE.displayNumber,
        language: 'en',
      },
      secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
    });
    const lead = await newLead(kit);
    const url = `properties/leads/${lead}/conversations/whatsapp/messages`;
    const message = { template: { name: 'viewing_reminder', parameters: [] } };
    const first = await kit.leadsAdmin.post(url, message);
    if (first.statusCode !== 201) throw new Error(`first WhatsApp message not sent: ${first.body}`);
    const conversation = await kit.ctx.db.conversation.findFirstOrThrow({ where: { leadId: lead, channel: 'whatsapp' } });
    return {
      send: () => kit.leadsAdmin.post(url, message),
      rows: () => [{ subjectType: 'conversations', subjectId: conversation.id, action: 'create' }],
    };
  },
  'listings.shortLink': async (kit) => {
    await withTinyUrl(kit.admin, kit.world.assetA.id);
    const id = await kit.create('listings');
    return {
      send: () => kit.admin.post(`properties/listings/${id}/short-link`, {}),
      rows: () => [{ subjectType: 'listings', subjectId: id, action: 'update' }],
    };
  },
  'leads.shortLink': async (kit) => {
    await withTinyUrl(kit.leadsAdmin, kit.leads.asset.id);
    const id = await leadWithTrackingLink(kit);
    return {
      send: () => kit.leadsAdmin.post(`properties/leads/${id}/short-link`, {}),
      rows: () => [{ subjectType: 'leads', subjectId: id, action: 'update' }],
    };
  },
  'integrations.updateWhatsappTriggers': async (kit) => {
    const saved = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/whatsapp`, {
      enabled: true,
      ...INTEGRATION_SAMPLES.whatsapp,
    });
    if (saved.statusCode !== 200) throw new Error(`whatsapp not configured: ${saved.body}`);
    const row = await kit.ctx.db.integrationConfig.findUniqueOrThrow({
      where: { assetId_name: { assetId: kit.world.assetA.id, name: 'whatsapp' } },
    });
    return {
      send: () =>
        kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/whatsapp/triggers`, { triggers: { 'lead.created': 'welcome' } }),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }],
    };
  },
};
