import type { ServerModule } from '../../../module.js';
import { trustpilotInvitationJob } from './trustpilot-invite.job.js';

// Trustpilot (docs/api.md 'Trustpilot'): review invitations after a viewing done or a deal won.
export const trustpilotModule: ServerModule = { name: 'trustpilot', jobs: [trustpilotInvitationJob] };
