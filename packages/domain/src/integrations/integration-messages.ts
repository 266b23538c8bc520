// The integrations' messages (docs/api.md 'Integrations'): the same words in the browser's form and the server's
// 400/409 answers.
export const INTEGRATION_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  invalid: (label: string) => `${label} is invalid.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  url: (label: string) => `${label} must be a valid https URL.`,
  urlHost: (label: string, hosts: string) => `${label} must be an address on ${hosts}.`,
  email: (label: string) => `${label} must be a valid email address.`,
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}.`,
  json: (label: string) => `${label} must be the JSON file's content.`,
  pem: (label: string) => `${label} must be a PEM private key (-----BEGIN ... PRIVATE KEY-----).`,
  unknownProvider: (name: string) => `Unknown integration '${name}'.`,
  notConfigured: (label: string) => `${label} is not configured for this asset: set it up under Settings > Integrations first.`,
  disabled: (label: string) => `${label} is disabled for this asset: enable it under Settings > Integrations first.`,
  noConnectionTest: (label: string) => `${label} has no connection test yet.`,
  noSyncModules: (label: string) => `${label} synchronises nothing.`,
  moduleNotSynced: (label: string, module: string) => `${label} does not synchronise ${module}.`,
  noSyncAdapter: (label: string) => `Synchronisation with ${label} is not available in this release yet.`,
  noPrimaryCrm: 'No primary CRM is set for this asset: choose one under Settings > Lead Setting first.',
  notMemberCrm: (label: string) => `${label} does not keep team members or offices: members sync with Goyzer or Engage.`,
  syncNotQueued: 'The job queue was unavailable: this run was not started. Please try again.',
  syncFailing: (label: string, failures: number, error: string) => `${label} synchronisation failed ${failures} times in a row: ${error}`,
  noAddress: (label: string) => `${label} has no API address in this deployment.`,
  credentialsRefused: (label: string, status: number) => `${label} refused the credentials (HTTP ${status}).`,
  noApiKey: (label: string) => `${label} has no API key: add it under Settings > Integrations first.`,
  customerSyncOff: (label: string, setting: string) =>
    `${label} does not sync customers while '${setting}' is off: switch it on under Settings > Integrations first.`,
  partnerLeadUnmatched: (reference: string | null | undefined) =>
    reference
      ? `No listing with the reference '${reference}' in this asset: the lead was not created.`
      : 'The lead names no listing reference: a general lead needs location, budget and bedrooms, which partners do not send.',
  inboundLeadNoContact:
    'The lead has no email or no phone, and no customer of this asset has its phone or email: the lead was not created.',
  pollFailing: (label: string, failures: number, error: string) => `${label} lead polling failed ${failures} times in a row: ${error}`,
  accountNotFound: 'Account not found',
  accountNeeded: (label: string) => `Add a ${label} account first.`,
  /** A portal or partner lead naming nothing of ours: a general lead, the reference kept for the agent. */
  generalLeadRemarks: (reference: string) => `Enquiry about '${reference}', which is not a listing or project of this asset.`,
  webhookNotSubscribed: (label: string, error: string) => `${label} webhooks were not subscribed: ${error}`,
  /** Bayut and dubizzle: no credential to call, so the test says what it could check. */
  feedCheck: (label: string, problems: string[]) =>
    problems.length
      ? `${label}: ${problems.join(' ')}`
      : `${label}: the lead signing secret and the feed address are set. ${label} publishes no API to test them against: check that leads arrive and that the portal reads the feed.`,
  leadSecretMissing: 'The lead signing secret is not set, so pushed leads are refused.',
  feedSecretMissing: 'The feed signing secret is not set, so there is no feed address to give the portal.',
  feedOff: 'Listings through the XML feed is off.',
  apiNotBuilt: (label: string) => `Listings through the Profolio API are not available in this release: use the XML feed for ${label}.`,
  saved: (label: string) => `${label} has been updated successfully`,
} as const;
