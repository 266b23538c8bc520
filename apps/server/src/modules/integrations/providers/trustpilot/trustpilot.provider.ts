import { defineProvider } from '../../provider-module.js';
import { checkTrustpilot } from './trustpilot-check.js';
import { trustpilotInvitationJob } from './trustpilot-invite.job.js';
import { trustpilotOnDealWon } from './trustpilot.subscribers.js';

// Trustpilot (docs/api.md 'Trustpilot'): review invitations after a viewing done or a deal won.
export const trustpilotProvider = defineProvider(() => ({
  name: 'trustpilot',
  connection: { check: checkTrustpilot },
  jobs: [trustpilotInvitationJob],
  subscribers: [trustpilotOnDealWon],
}));
