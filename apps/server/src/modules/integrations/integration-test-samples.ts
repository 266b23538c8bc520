import type { IntegrationProviderName } from '@crm/domain';

// Tests only: a complete, valid config and secrets for every provider (what an admin would save).

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'crm-demo',
  client_email: 'crm@crm-demo.iam.gserviceaccount.com',
});
const partner = (partnerName: string) => ({
  config: { partnerName, feedFormat: 'pf-xml', listingFilter: 'all', leadSource: partnerName },
  secrets: { sharedSecret: `${partnerName.toLowerCase().replace(/\W/g, '')}-shared-secret-0001` },
});
const bayutGroup = {
  config: { agencyId: 'AG-1001', feedEnabled: true, apiEnabled: false },
  secrets: { apiToken: 'bayut-token-0123456789', leadSecret: 'bayut-lead-secret-01' },
};

export const INTEGRATION_SAMPLES: Record<IntegrationProviderName, { config: Record<string, unknown>; secrets: Record<string, string> }> = {
  salesforce: {
    config: {
      loginUrl: 'https://login.salesforce.com',
      clientId: '3MVG9-client',
      username: 'crm@example.com',
      leadSource: 'CRM',
      fieldMap: { phone: 'MobilePhone' },
    },
    secrets: { privateKey: PEM },
  },
  zapier: { config: { enabledTriggers: ['lead.created', 'deal.won'] }, secrets: { apiKey: 'zapier-key-0123456789' } },
  sendgrid: {
    config: { fromEmail: 'hello@example.com', fromName: 'Engage CRM', defaultListIds: ['list-1'], syncCustomers: true },
    secrets: { apiKey: 'SG.sample-key.0123456789' },
  },
  activecampaign: {
    config: { apiUrl: 'https://acme.api-us1.com', listId: '3', tagIds: ['7'], fieldMap: {} },
    secrets: { apiToken: 'ac-token-0123456789' },
  },
  tinyurl: { config: { domain: 'tinyurl.com' }, secrets: { apiToken: 'tinyurl-token-0123456789' } },
  trustpilot: {
    config: { businessUnitId: 'bu-1', templateId: 'tpl-1', senderEmail: 'reviews@example.com', locale: 'en-GB', trigger: 'deal-won' },
    secrets: { apiKey: 'tp-key-0123456789', apiSecret: 'tp-secret-0123456789' },
  },
  theagency: partner('The Agency'),
  firebase: { config: { projectId: 'crm-demo' }, secrets: { serviceAccountJson: SERVICE_ACCOUNT } },
  goyzer: { config: { groupCode: 'GRP-1', officeMap: { Marina: 'OFF-1' } }, secrets: { accessCode: 'goyzer-access-0123456789' } },
  engage: { config: partner('Engage').config, secrets: { ...partner('Engage').secrets, apiKey: 'engage-api-key-0123456789' } },
  trakheesi: { config: { orn: '12345', mode: 'manual' }, secrets: { clientId: 'dld-client-01', clientSecret: 'dld-secret-0123456789' } },
  intercom: { config: { region: 'eu' }, secrets: { accessToken: 'intercom-token-0123456789' } },
  whatsapp: {
    config: { wabaId: '1029384756', phoneNumberId: '5647382910', displayNumber: '+971 50 000 0000', language: 'en' },
    secrets: { accessToken: 'EAAG-wa-token-0123456789', appSecret: 'wa-app-secret-0123', verifyToken: 'wa-verify-token-01' },
  },
  googlecalendar: { config: { calendarId: 'primary', mode: 'service-account' }, secrets: { serviceAccountJson: SERVICE_ACCOUNT } },
  amplitude: { config: { region: 'eu' }, secrets: { apiKey: 'amp-key-0123456789' } },
  dncr: { config: { mode: 'file', cacheDays: 30 }, secrets: { apiKey: 'dncr-key-0123456789' } },
  propertyfinder: {
    config: { label: 'Marina account', publishByDefault: true },
    secrets: { apiKey: 'pf-key-0123456789', apiSecret: 'pf-secret-0123456789', webhookSecret: 'pf-webhook-0123456789' },
  },
  bayut: bayutGroup,
  docusign: {
    config: { accountId: 'acc-1', integrationKey: 'ik-1', userId: 'user-1', templateIds: ['tpl-1'] },
    secrets: { rsaPrivateKey: PEM, connectHmacKey: 'ds-hmac-0123456789' },
  },
  'cencorp-link': partner('Cencorp Link'),
  dubizzle: bayutGroup,
  astra: partner('Astra'),
  lucasfox: partner('Lucas Fox'),
  mresidence: partner('M Residence'),
  jkproperty: partner('JK Property'),
  oria: partner('Oria'),
  parklane: partner('Park Lane'),
};
