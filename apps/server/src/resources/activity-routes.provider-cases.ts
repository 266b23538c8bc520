import { PERMISSIONS as P } from '@crm/domain';
import type { FakeProvider } from '../../test/fakes/fake-http.js';
import { GOOGLE_FAKE_CLIENT, startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/fakes/googlecalendar.fake.js';
import { startTinyUrlFake, TINYURL_FAKE_TOKEN } from '../../test/fakes/tinyurl.fake.js';
import { startWhatsAppFake, WHATSAPP_FAKE } from '../../test/fakes/whatsapp.fake.js';
import { uniqueSuffix } from '../../test/factories.js';
import { INTEGRATION_SAMPLES } from '../modules/integrations/testing.js';
import type { RouteCase, RouteKit } from './activity-routes.kit.js';
import { newLead } from './activity-routes.record-cases.js';

// Test-only: the route table's cases of the calls that go through a provider (WhatsApp, TinyURL, DocuSign, Zapier,
// Google Calendar), for activity-log-routes.test.ts. Each provider is the local fake the test starts
// (startProviderFakes, its addresses in the app's environment), set up on the lead world's asset, or asset A for Zapier.

export interface ProviderFakes {
  /** The app's environment overrides pointing each provider at its fake. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

let google: GoogleCalendarFake | null = null;

export async function startProviderFakes(): Promise<ProviderFakes> {
  const fakes: FakeProvider[] = [];
  const started = <T extends FakeProvider>(fake: T) => {
    fakes.push(fake);
    return fake;
  };
  const whatsapp = started(await startWhatsAppFake());
  const tinyurl = started(await startTinyUrlFake());
  google = started(await startGoogleCalendarFake());
  return {
    env: {
      INTEGRATION_BASE_URL_WHATSAPP: whatsapp.url,
      INTEGRATION_BASE_URL_TINYURL: tinyurl.url,
      INTEGRATION_BASE_URL_GOOGLECALENDAR: google.url,
      INTEGRATION_BASE_URL_GOOGLECALENDAR_OAUTH: google.url,
    },
    close: async () => {
      await Promise.all(fakes.map((fake) => fake.close()));
    },
  };
}

const googleFake = () => {
  if (!google) throw new Error('startProviderFakes() was not called');
  return google;
};

/** The lead world's integration, saved once (its settings point at the fake). */
const onLeads = new Map<string, Promise<void>>();
const withIntegration = (kit: RouteKit, name: string, body: object) => {
  let ready = onLeads.get(name);
  if (!ready) {
    ready = (async () => {
      const saved = await kit.leadsAdmin.patch(`assets/${kit.leads.asset.id}/integrations/${name}`, { enabled: true, ...body });
      if (saved.statusCode !== 200) throw new Error(`${name} not configured: ${saved.body}`);
    })();
    onLeads.set(name, ready);
  }
  return ready;
};

const withWhatsApp = (kit: RouteKit) =>
  withIntegration(kit, 'whatsapp', {
    config: {
      wabaId: WHATSAPP_FAKE.wabaId,
      phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
      displayNumber: WHATSAPP_FAKE.displayNumber,
      language: 'en',
    },
    secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
  });
const withTinyUrl = (kit: RouteKit) => withIntegration(kit, 'tinyurl', { config: {}, secrets: { apiToken: TINYURL_FAKE_TOKEN } });
const withPerUserCalendar = (kit: RouteKit) =>
  withIntegration(kit, 'googlecalendar', {
    config: { mode: 'per-user', clientId: GOOGLE_FAKE_CLIENT.clientId },
    secrets: { clientSecret: GOOGLE_FAKE_CLIENT.clientSecret },
  });

/** Asset A's Zapier, switched on (again: the settings case switches it off), and an API key of asset A as Zapier has. */
async function zapierKey(kit: RouteKit): Promise<string> {
  const saved = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/zapier`, {
    enabled: true,
    config: { enabledTriggers: ['lead.created'] },
    secrets: INTEGRATION_SAMPLES.zapier.secrets,
  });
  if (saved.statusCode !== 200) throw new Error(`zapier not configured: ${saved.body}`);
  const created = await kit.admin.post('api-keys/create', { name: `Zapier ${uniqueSuffix()}`, permissions: [P.LEADS_REPORT_VIEW] });
  return kit.data<{ key: string }>(created).key;
}

const zapier = (kit: RouteKit, key: string, method: 'POST' | 'DELETE', path: string, payload?: object) =>
  kit.ctx.app.inject({
    method,
    url: `/api/integrations/zapier/${path}`,
    headers: { 'x-api-key': key },
    ...(payload ? { payload } : {}),
  });

const hook = () => ({ event: 'lead.created', targetUrl: `https://hooks.zapier.com/hooks/standard/123/${uniqueSuffix()}/` });

/** A lead of the lead world whose customer has a mobile number (WhatsApp) and an email (a signer). */
async function leadWithReachableCustomer(kit: RouteKit) {
  const lead = await newLead(kit);
  const national = `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await kit.ctx.db.customer.update({
    where: { id: lead.customer._id },
    data: { phoneCode: '+971', phone: national, phoneNumber: `+971${national}`, email: `signer-${uniqueSuffix()}@example.com` },
  });
  return { ...lead, waId: `971${national}` };
}

/** The lead world's agent with a team member and a user, for their own calendar. */
const calendarAgent = (kit: RouteKit) => kit.leads.agents[0];

export const PROVIDER_CASES: Readonly<Record<string, RouteCase>> = {
  'leads.sendWhatsApp': async (kit, op) => {
    await withWhatsApp(kit);
    const lead = await leadWithReachableCustomer(kit);
    // The customer wrote a minute ago (their conversation exists): free text may be sent.
    const conversation = await kit.ctx.db.conversation.create({
      data: {
        companyId: kit.leads.company.id,
        assetId: kit.leads.asset.id,
        leadId: lead._id,
        customerId: lead.customer._id,
        channel: 'whatsapp',
        externalId: lead.waId,
        lastInboundAt: new Date(Date.now() - 60_000),
        lastMessageAt: new Date(Date.now() - 60_000),
      },
    });
    return {
      send: () => kit.leadsAdmin.post(kit.path(op, { id: lead._id }), { text: 'We can show it on Saturday.' }),
      rows: () => [{ subjectType: 'conversations', subjectId: conversation.id, action: 'create' }],
    };
  },
  'leads.shortLink': async (kit, op) => {
    await withTinyUrl(kit);
    const lead = await newLead(kit);
    await kit.ctx.db.lead.update({ where: { id: lead._id }, data: { trackingLink: `https://www.example.com/t/${uniqueSuffix()}` } });
    return {
      send: () => kit.leadsAdmin.post(kit.path(op, { id: lead._id }), {}),
      rows: () => [{ subjectType: 'leads', subjectId: lead._id, action: 'update' }],
    };
  },
  'listings.shortLink': async (kit, op) => {
    await withTinyUrl(kit);
    const id = kit.leads.listing.id;
    return {
      send: () => kit.leadsAdmin.post(kit.path(op, { id }), {}),
      rows: () => [{ subjectType: 'listings', subjectId: id, action: 'update' }],
    };
  },
  'envelopes.send': async (kit) => {
    await withIntegration(kit, 'docusign', INTEGRATION_SAMPLES.docusign);
    const lead = await leadWithReachableCustomer(kit);
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
      send: () => kit.leadsAdmin.post('envelopes/send', { lead: lead._id, file: file.id }),
      rows: (res) => [{ subjectType: 'envelopes', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'zapier.subscribe': async (kit) => {
    const key = await zapierKey(kit);
    return {
      send: () => zapier(kit, key, 'POST', 'hooks', hook()),
      rows: (res) => [{ subjectType: 'zapierSubscriptions', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'zapier.unsubscribe': async (kit) => {
    const key = await zapierKey(kit);
    const subscribed = await zapier(kit, key, 'POST', 'hooks', hook());
    const id = kit.data<{ _id: string }>(subscribed)._id;
    return {
      send: () => zapier(kit, key, 'DELETE', `hooks/${id}`),
      rows: () => [{ subjectType: 'zapierSubscriptions', subjectId: id, action: 'delete' }],
    };
  },
  'googleCalendar.oauthCallback': async (kit) => {
    await withPerUserCalendar(kit);
    const agent = calendarAgent(kit);
    const consent = await kit.ctx.app.inject({
      method: 'POST',
      url: '/api/integrations/googlecalendar/connect',
      headers: await agent.headers(),
    });
    if (consent.statusCode !== 200) throw new Error(consent.body);
    const state = new URL(kit.data<{ url: string }>(consent).url).searchParams.get('state') ?? '';
    const code = `consent-${uniqueSuffix()}`;
    googleFake().codes.set(code, `refresh-${uniqueSuffix()}`);
    const query = new URLSearchParams({ code, state });
    return {
      send: async () => {
        const res = await kit.ctx.app.inject({ method: 'GET', url: `/api/integrations/googlecalendar/oauth-callback?${query}` });
        // Google's redirect always answers a page: whether it connected is in the address it sends the browser to.
        if (!res.body.includes('calendar=connected')) throw new Error(`the calendar did not connect: ${res.body}`);
        return res;
      },
      rows: () => [{ subjectType: 'members', subjectId: agent.member.id, action: 'update' }],
    };
  },
  'googleCalendar.disconnect': async (kit) => {
    await withPerUserCalendar(kit);
    const agent = calendarAgent(kit);
    const memberId = agent.member.id;
    await kit.ctx.db.memberCalendarToken.upsert({
      where: { memberId },
      create: { assetId: kit.leads.asset.id, memberId, sealedRefreshToken: 'sealed-elsewhere' },
      update: {},
    });
    const headers = await agent.headers();
    return {
      send: () => kit.ctx.app.inject({ method: 'DELETE', url: '/api/integrations/googlecalendar/connect', headers }),
      rows: () => [{ subjectType: 'members', subjectId: memberId, action: 'update' }],
    };
  },
};
