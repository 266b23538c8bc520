import type { FakeProvider } from '../../test/fakes/fake-http.js';
import { GOOGLE_FAKE_CLIENT, startGoogleCalendarFake, type GoogleCalendarFake } from '../../test/fakes/googlecalendar.fake.js';
import { startTinyUrlFake, TINYURL_FAKE_TOKEN } from '../../test/fakes/tinyurl.fake.js';
import { startWhatsAppFake, WHATSAPP_FAKE } from '../../test/fakes/whatsapp.fake.js';
import { uniqueSuffix } from '../../test/factories.js';
import type { RouteKit } from './activity-routes.kit.js';
import { newLead } from './activity-routes.shared.js';

// Test-only: the providers the route table's cases call through (WhatsApp, TinyURL, Google Calendar): the local
// fakes the test starts (startProviderFakes, their addresses in the app's environment), each set up once on the
// lead world's asset.

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

export const googleFake = () => {
  if (!google) throw new Error('startProviderFakes() was not called');
  return google;
};

/** The lead world's integration, saved once (its settings point at the fake). */
const onLeads = new Map<string, Promise<void>>();
export const withIntegration = (kit: RouteKit, name: string, body: object) => {
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

export const withWhatsApp = (kit: RouteKit) =>
  withIntegration(kit, 'whatsapp', {
    config: {
      wabaId: WHATSAPP_FAKE.wabaId,
      phoneNumberId: WHATSAPP_FAKE.phoneNumberId,
      displayNumber: WHATSAPP_FAKE.displayNumber,
      language: 'en',
    },
    secrets: { accessToken: WHATSAPP_FAKE.accessToken, appSecret: WHATSAPP_FAKE.appSecret, verifyToken: WHATSAPP_FAKE.verifyToken },
  });
export const withTinyUrl = (kit: RouteKit) => withIntegration(kit, 'tinyurl', { config: {}, secrets: { apiToken: TINYURL_FAKE_TOKEN } });
export const withPerUserCalendar = (kit: RouteKit) =>
  withIntegration(kit, 'googlecalendar', {
    config: { mode: 'per-user', clientId: GOOGLE_FAKE_CLIENT.clientId },
    secrets: { clientSecret: GOOGLE_FAKE_CLIENT.clientSecret },
  });

/** A lead of the lead world whose customer has a mobile number (WhatsApp) and an email (a signer). */
export async function leadWithReachableCustomer(kit: RouteKit) {
  const lead = await newLead(kit);
  const national = `50${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await kit.ctx.db.customer.update({
    where: { id: lead.customer._id },
    data: { phoneCode: '+971', phone: national, phoneNumber: `+971${national}`, email: `signer-${uniqueSuffix()}@example.com` },
  });
  return { ...lead, waId: `971${national}` };
}
