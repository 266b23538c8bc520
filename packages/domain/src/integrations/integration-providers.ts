import { z } from 'zod';
import { field as f } from './integration-fields.js';

// The registry of every integration an asset may configure (SPEC section 7 'Integrations', docs/api.md
// 'Integrations'): its label, kind, capabilities, what it synchronises, and the `.strict()` zod schemas of its
// config and secrets. `PATCH {name}` parses through them, the screen draws its form from them.

export const INTEGRATION_KINDS = {
  crm: 'CRM',
  portal: 'Property portals',
  partner: 'Partner brokerages',
  messaging: 'Messaging',
  chat: 'Support chat',
  email: 'Email',
  marketing: 'Marketing',
  automation: 'Automation',
  push: 'Push notifications',
  calendar: 'Calendar',
  analytics: 'Analytics',
  reviews: 'Reviews',
  links: 'Short links',
  esign: 'E-signature',
  compliance: 'Compliance',
} as const;
export type IntegrationKind = keyof typeof INTEGRATION_KINDS;

export const INTEGRATION_CAPABILITIES = [
  'leads-in',
  'leads-out',
  'customers-out',
  'listings-in',
  'listings-out',
  'members-in',
  'listing-feed',
  'email',
  'messages',
  'push',
  'events',
  'reviews',
  'short-links',
  'calendar',
  'documents',
  'permits',
  'do-not-call',
  'webhook',
  'connection-test',
] as const;
export type IntegrationCapability = (typeof INTEGRATION_CAPABILITIES)[number];

/** What `synchronization/{x}` may schedule and `modules/{x}` lists. */
export const SYNC_MODULES = ['leads', 'customers', 'listings', 'members'] as const;
export type SyncModule = (typeof SYNC_MODULES)[number];
/** How a module, or another kind of run ('webhooks'), reads on the screen. */
export const SYNC_MODULE_LABELS: Record<SyncModule | 'webhooks' | 'listing-images', string> = {
  leads: 'Leads',
  customers: 'Customers',
  listings: 'Listings',
  members: 'Team members',
  webhooks: 'Webhooks',
  'listing-images': 'Listing pictures',
};
/** What a run did, from its kind ('leads,members'). */
export const syncRunKindLabel = (kind: string) =>
  kind
    .split(',')
    .map((part) => SYNC_MODULE_LABELS[part as keyof typeof SYNC_MODULE_LABELS] ?? part)
    .join(', ');

export const ZAPIER_TRIGGERS = ['lead.created', 'lead.stage_changed', 'listing.published', 'deal.won'] as const;
/** What may send a WhatsApp template by itself (whatsapp/triggers): the event, then the template in the config. */
export const WHATSAPP_TRIGGER_EVENTS = ['lead.created', 'viewing.feedback'] as const;
export type WhatsAppTriggerEvent = (typeof WHATSAPP_TRIGGER_EVENTS)[number];
export const PARTNER_FEED_FORMATS = ['pf-xml', 'bayut-xml', 'json'] as const;

interface ProviderSpec<C extends z.ZodObject, S extends z.ZodObject> {
  label: string;
  kind: IntegrationKind;
  capabilities: readonly IntegrationCapability[];
  syncModules: readonly SyncModule[];
  config: C;
  secrets: S;
}
const provider = <C extends z.ZodObject, S extends z.ZodObject>(spec: ProviderSpec<C, S>) => spec;

/**
 * The partner-feed model (ours) for brokerages whose integration is not documented: a signed feed of our listings
 * out, signed lead webhooks in (`X-Signature: sha256=HMAC(sharedSecret, timestamp + "." + rawBody)`).
 */
const partner = (label: string, kind: IntegrationKind = 'partner') =>
  provider({
    label,
    kind,
    capabilities: ['listing-feed', 'leads-in', 'webhook'],
    syncModules: ['leads', 'listings'],
    config: z.strictObject({
      partnerName: f.text('Partner name', { required: true }, 100),
      feedFormat: f.choice('Feed format', PARTNER_FEED_FORMATS, { required: true }),
      listingFilter: f.choice('Listings in the feed', ['all', 'sale', 'rent', 'offplan']),
      leadSource: f.text('Lead source', { help: 'The source given to the leads this partner sends.' }, 100),
    }),
    secrets: z.strictObject({ sharedSecret: f.secret('Shared secret', { required: true }) }),
  });

/** A Bayut group portal (Bayut and dubizzle share one XML feed and the Profolio API). */
const bayutGroup = (label: string) =>
  provider({
    label,
    kind: 'portal',
    capabilities: ['listings-out', 'listing-feed', 'leads-in', 'webhook', 'connection-test'],
    syncModules: ['leads', 'listings'],
    config: z.strictObject({
      agencyId: f.text('Agency ID', { required: true }, 100),
      feedEnabled: f.flag('Listings through the XML feed'),
      apiEnabled: f.flag('Listings through the Profolio API'),
    }),
    // feedSecret signs the feed's address: a new one retires the old address.
    secrets: z.strictObject({
      apiToken: f.secret('API token'),
      leadSecret: f.secret('Lead signing secret'),
      feedSecret: f.secret('Feed signing secret'),
    }),
  });

export const integrationProviders = {
  salesforce: provider({
    label: 'Salesforce',
    kind: 'crm',
    capabilities: ['leads-out', 'customers-out'],
    syncModules: ['leads', 'customers'],
    config: z.strictObject({
      loginUrl: f.url('Login URL', { required: true, hosts: ['login.salesforce.com', 'test.salesforce.com', '*.my.salesforce.com'] }),
      clientId: f.text('Consumer key', { required: true }),
      username: f.text('Integration user', { required: true }, 200),
      leadSource: f.text('Lead source', {}, 100),
      fieldMap: f.map('Field map'),
    }),
    secrets: z.strictObject({ privateKey: f.secret('Private key (PEM)', { required: true, shape: 'pem' }) }),
  }),
  zapier: provider({
    label: 'Zapier',
    kind: 'automation',
    capabilities: ['events', 'webhook'],
    syncModules: [],
    config: z.strictObject({ enabledTriggers: f.list('Triggers', { options: ZAPIER_TRIGGERS }) }),
    secrets: z.strictObject({ apiKey: f.secret('API key') }),
  }),
  sendgrid: provider({
    label: 'SendGrid',
    kind: 'email',
    capabilities: ['email', 'customers-out', 'webhook', 'connection-test'],
    syncModules: ['customers'],
    config: z.strictObject({
      fromEmail: f.email('From email', { required: true }),
      fromName: f.text('From name', { required: true }, 100),
      defaultListIds: f.list('Default contact lists'),
      syncCustomers: f.flag('Sync customers to contact lists'),
      webhookPublicKey: f.text(
        'Event Webhook verification key',
        { help: "The signed Event Webhook's public key (Mail Settings > Event Webhook): bounces and unsubscribes then reach customers." },
        400,
      ),
    }),
    secrets: z.strictObject({ apiKey: f.secret('API key', { required: true }) }),
  }),
  activecampaign: provider({
    label: 'ActiveCampaign',
    kind: 'marketing',
    capabilities: ['customers-out', 'connection-test'],
    syncModules: ['customers'],
    config: z.strictObject({
      apiUrl: f.url('API URL', { required: true, hosts: ['*.api-us1.com', '*.activehosted.com'] }),
      listId: f.text('Contact list', {}, 100),
      tagIds: f.list('Tags'),
      fieldMap: f.map('Field map'),
    }),
    secrets: z.strictObject({ apiToken: f.secret('API token', { required: true }) }),
  }),
  tinyurl: provider({
    label: 'TinyURL',
    kind: 'links',
    capabilities: ['short-links', 'connection-test'],
    syncModules: [],
    config: z.strictObject({ domain: f.text('Domain', {}, 200) }),
    secrets: z.strictObject({ apiToken: f.secret('API token', { required: true }) }),
  }),
  trustpilot: provider({
    label: 'Trustpilot',
    kind: 'reviews',
    capabilities: ['reviews', 'connection-test'],
    syncModules: [],
    config: z.strictObject({
      businessUnitId: f.text('Business unit ID', { required: true }, 100),
      templateId: f.text('Invitation template ID', {}, 100),
      senderEmail: f.email('Sender email'),
      locale: f.text('Locale', {}, 20),
      trigger: f.choice('Invite after', ['deal-won', 'viewing-done'], { required: true }),
    }),
    secrets: z.strictObject({ apiKey: f.secret('API key', { required: true }), apiSecret: f.secret('API secret', { required: true }) }),
  }),
  theagency: partner('The Agency'),
  firebase: provider({
    label: 'Firebase',
    kind: 'push',
    capabilities: ['push', 'connection-test'],
    syncModules: [],
    config: z.strictObject({ projectId: f.text('Project ID', { required: true }, 100) }),
    secrets: z.strictObject({ serviceAccountJson: f.secret('Service account JSON', { required: true, shape: 'json' }) }),
  }),
  goyzer: provider({
    label: 'Goyzer',
    kind: 'crm',
    capabilities: ['listings-in', 'members-in', 'leads-out'],
    syncModules: ['leads', 'listings', 'members'],
    config: z.strictObject({ groupCode: f.text('Group code', { required: true }, 100), officeMap: f.map('Office map') }),
    secrets: z.strictObject({ accessCode: f.secret('Access code', { required: true }) }),
  }),
  // Engage, the group's own CRM: the partner-feed model (listings out, signed leads in) plus its agents and offices
  // read with an API key (docs/api.md 'Engage'; the API's address is the deployment's, INTEGRATION_BASE_URL_ENGAGE).
  engage: provider({
    ...partner('Engage', 'crm'),
    capabilities: ['listing-feed', 'leads-in', 'webhook', 'members-in'],
    syncModules: ['leads', 'listings', 'members'],
    secrets: z.strictObject({
      sharedSecret: f.secret('Shared secret', { required: true }),
      apiKey: f.secret('API key', { help: 'Reads the team members and offices from Engage.' }),
    }),
  }),
  trakheesi: provider({
    label: 'Trakheesi',
    kind: 'compliance',
    capabilities: ['permits'],
    syncModules: [],
    config: z.strictObject({
      orn: f.text('Office registration number (ORN)', { required: true }, 50),
      mode: f.choice('Mode', ['api', 'manual'], { required: true }),
    }),
    secrets: z.strictObject({ clientId: f.secret('Client ID'), clientSecret: f.secret('Client secret') }),
  }),
  intercom: provider({
    label: 'Intercom',
    kind: 'chat',
    capabilities: ['customers-out', 'messages', 'connection-test'],
    syncModules: ['customers'],
    config: z.strictObject({ region: f.choice('Region', ['us', 'eu', 'au'], { required: true }) }),
    secrets: z.strictObject({ accessToken: f.secret('Access token', { required: true }) }),
  }),
  whatsapp: provider({
    label: 'WhatsApp',
    kind: 'messaging',
    capabilities: ['messages', 'leads-in', 'webhook', 'connection-test'],
    syncModules: ['leads'],
    config: z.strictObject({
      wabaId: f.text('WhatsApp Business account ID', { required: true }, 50),
      phoneNumberId: f.text('Phone number ID', { required: true }, 50),
      displayNumber: f.text('Display number', {}, 30),
      language: f.choice('Template language', ['en', 'ar']),
      triggers: f.eventMap('Message triggers', WHATSAPP_TRIGGER_EVENTS, {
        help: 'One a line: event = template name, e.g. lead.created = lead_acknowledgement.',
      }),
    }),
    secrets: z.strictObject({
      accessToken: f.secret('Access token', { required: true }),
      appSecret: f.secret('App secret', { required: true }),
      verifyToken: f.secret('Webhook verify token', { required: true }),
    }),
  }),
  googlecalendar: provider({
    label: 'Google Calendar',
    kind: 'calendar',
    capabilities: ['calendar', 'connection-test'],
    syncModules: [],
    config: z.strictObject({
      calendarId: f.text('Calendar ID', { help: "The calendar in each agent's account (default: their primary calendar)." }, 200),
      mode: f.choice('Mode', ['per-user', 'service-account'], { required: true }),
      clientId: f.text('OAuth client ID', { help: 'Per-user mode: the OAuth client each agent connects their calendar through.' }, 200),
    }),
    secrets: z.strictObject({
      serviceAccountJson: f.secret('Service account JSON', { shape: 'json' }),
      clientSecret: f.secret('OAuth client secret'),
    }),
  }),
  amplitude: provider({
    label: 'Amplitude',
    kind: 'analytics',
    capabilities: ['events', 'connection-test'],
    syncModules: [],
    config: z.strictObject({ region: f.choice('Region', ['us', 'eu']) }),
    secrets: z.strictObject({ apiKey: f.secret('API key', { required: true }) }),
  }),
  dncr: provider({
    label: 'DNCR',
    kind: 'compliance',
    capabilities: ['do-not-call'],
    syncModules: [],
    config: z.strictObject({
      mode: f.choice('Mode', ['api', 'file'], { required: true }),
      cacheDays: f.whole('Keep a check for (days)', 1, 365),
    }),
    secrets: z.strictObject({ apiKey: f.secret('API key') }),
  }),
  propertyfinder: provider({
    label: 'Property Finder',
    kind: 'portal',
    capabilities: ['listings-out', 'listing-feed', 'leads-in', 'members-in', 'webhook', 'connection-test'],
    syncModules: ['leads', 'listings', 'members'],
    config: z.strictObject({ label: f.text('Account name', { required: true }, 100), publishByDefault: f.flag('Publish new listings') }),
    secrets: z.strictObject({
      apiKey: f.secret('API key', { required: true }),
      apiSecret: f.secret('API secret', { required: true }),
      webhookSecret: f.secret('Webhook secret'),
    }),
  }),
  bayut: bayutGroup('Bayut'),
  docusign: provider({
    label: 'DocuSign',
    kind: 'esign',
    capabilities: ['documents', 'webhook', 'connection-test'],
    syncModules: [],
    config: z.strictObject({
      accountId: f.text('Account ID', { required: true }, 100),
      integrationKey: f.text('Integration key', { required: true }, 100),
      userId: f.text('User ID', { required: true }, 100),
      templateIds: f.list('Templates'),
    }),
    secrets: z.strictObject({
      rsaPrivateKey: f.secret('RSA private key (PEM)', { required: true, shape: 'pem' }),
      connectHmacKey: f.secret('Connect HMAC key'),
    }),
  }),
  'cencorp-link': partner('Cencorp Link'),
  dubizzle: bayutGroup('dubizzle'),
  astra: partner('Astra'),
  lucasfox: partner('Lucas Fox'),
  mresidence: partner('M Residence'),
  jkproperty: partner('JK Property'),
  oria: partner('Oria'),
  parklane: partner('Park Lane'),
} as const;

export type IntegrationProviderName = keyof typeof integrationProviders;
export type IntegrationProvider = (typeof integrationProviders)[IntegrationProviderName];
/** Every provider name, in SPEC section 7's order. */
export const INTEGRATION_PROVIDER_NAMES = Object.keys(integrationProviders) as [IntegrationProviderName, ...IntegrationProviderName[]];

export function isIntegrationProviderName(name: string): name is IntegrationProviderName {
  return Object.hasOwn(integrationProviders, name);
}
