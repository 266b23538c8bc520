import { hasKey, JSON_HEADERS } from '../../connection-tests.js';
import { defineProvider } from '../../provider-module.js';
import { PF_ACCOUNT_SETUP_JOB_ID, pfAccountSetupJob, queueAccountSetup, unsubscribeAccountWebhooks } from './pf-account-setup.job.js';
import { forgetPfToken } from './pf-client.js';
import { PORTAL_POLL_JOB_ID, portalPollJob, schedulePropertyFinderPoll, startPropertyFinderPolls } from './pf-lead-poll.job.js';
import { applyListingEvent } from './pf-listing-events.js';
import { pfMemberOfHint } from './pf-members.js';
import { propertyFinderSync } from './propertyfinder-sync.js';

// Property Finder (docs/api.md 'Property Finder accounts', 'Portal lead intake'): several accounts per asset, each set
// up at Property Finder (webhooks, users), polling its leads; listings pushed by its sync; its listing webhooks.
export const propertyFinderProvider = defineProvider(() => ({
  name: 'propertyfinder',
  sync: { adapter: propertyFinderSync },
  // Enterprise API: the key and secret buy a 30-minute JWT.
  connection: {
    probe: ({ secrets }) => ({
      method: 'POST',
      path: '/v1/auth/token',
      headers: JSON_HEADERS,
      body: JSON.stringify({ apiKey: secrets.apiKey, apiSecret: secrets.apiSecret }),
      accepts: (status, json) => status === 200 && hasKey(json, 'accessToken'),
    }),
  },
  jobs: [pfAccountSetupJob, portalPollJob],
  accounts: {
    schedule: schedulePropertyFinderPoll,
    setUp: queueAccountSetup,
    unsubscribe: unsubscribeAccountWebhooks,
    forget: forgetPfToken,
    jobIds: [PF_ACCOUNT_SETUP_JOB_ID, PORTAL_POLL_JOB_ID],
  },
  applyListingEvent,
  agentOfHint: pfMemberOfHint,
  // Each enabled account's lead poll, (re-)registered where the workers run.
  startWorkers: startPropertyFinderPolls,
}));
