import { PERMISSIONS as P } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import {
  googleFake,
  leadWithReachableCustomer,
  withIntegration,
  withPerUserCalendar,
  withTinyUrl,
} from '../../resources/activity-routes.providers.js';
import { newLead } from '../../resources/activity-routes.shared.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';

// Test-only: the activity route table's cases of the integrations' calls, for resources/activity-log-routes.test.ts:
// their settings (integrationUpdateCase for every provider's), and the calls that go through a provider (TinyURL,
// DocuSign, Zapier, Google Calendar), each the local fake the test starts (startProviderFakes).

const integrationRow = (kit: RouteKit, name: string) =>
  kit.ctx.db.integrationConfig.findUniqueOrThrow({ where: { assetId_name: { assetId: kit.world.assetA.id, name } } });

/** Saves a provider's complete sample settings, switched on. */
const configure = async (kit: RouteKit, name: keyof typeof INTEGRATION_SAMPLES) => {
  const res = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/${name}`, { enabled: true, ...INTEGRATION_SAMPLES[name] });
  if (res.statusCode !== 200) throw new Error(`${name} not configured: ${res.body}`);
  return integrationRow(kit, name);
};

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

/** The lead world's agent with a team member and a user, for their own calendar. */
const calendarAgent = (kit: RouteKit) => kit.leads.agents[0];

export const INTEGRATION_CASES: Readonly<Record<string, RouteCase>> = {
  'integrations.synchronization': async (kit) => {
    const row = await configure(kit, 'salesforce');
    return {
      send: () =>
        kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/synchronization/salesforce`, { enabled: true, modules: ['leads'] }),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }],
    };
  },
  // Not a provider's settings: the template each event sends, beside WhatsApp's settings.
  'integrations.updateWhatsappTriggers': async (kit, op) => {
    const row = await configure(kit, 'whatsapp');
    return {
      send: () => kit.admin.patch(kit.path(op, { id: kit.world.assetA.id }), { triggers: { 'lead.created': 'lead_acknowledgement' } }),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }],
    };
  },
  'integrations.removePropertyFinderAccount': async (kit) => {
    const row = await configure(kit, 'propertyfinder');
    return {
      send: () => kit.admin.delete(`assets/${kit.world.assetA.id}/integrations/propertyfinder/${row.id}`),
      rows: () => [{ subjectType: 'integrations', subjectId: row.id, action: 'delete' }],
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

/**
 * integrations.update<Provider>: every provider's settings call saves its sample settings; one row for the settings,
 * which names the secrets that changed and never holds their values.
 */
export const integrationUpdateCase: RouteCase = async (kit, op) => {
  const name = op.path.split('/').at(-1) as keyof typeof INTEGRATION_SAMPLES;
  const sample = INTEGRATION_SAMPLES[name];
  return {
    send: () => kit.admin.patch(kit.path(op, { id: kit.world.assetA.id }), { enabled: false, ...sample }),
    rows: async () => {
      const row = await integrationRow(kit, name);
      const logged = await kit.ctx.db.activityLog.findFirstOrThrow({
        where: { subjectType: 'integrations', subjectId: row.id },
        orderBy: { id: 'desc' },
      });
      for (const secret of Object.values(sample.secrets))
        if (JSON.stringify(logged.changes).includes(secret)) throw new Error(`${name}: a secret's value is in the activity log`);
      return [{ subjectType: 'integrations', subjectId: row.id, action: 'update' }];
    },
  };
};
