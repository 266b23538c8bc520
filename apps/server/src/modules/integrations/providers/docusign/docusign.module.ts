import type { ServerModule } from '../../../module.js';
import { docusignConnectJob } from './docusign-connect.job.js';
import { envelopeSendJob } from './envelope-send.job.js';
import { envelopeResource } from './envelope.resource.js';
import { envelopeRoutes } from './envelopes.routes.js';

// DocuSign (docs/api.md 'DocuSign'): envelopes sent from a lead's page, and Connect's events (through the
// integrations' webhook route) moving their status.
export const docusignModule: ServerModule = {
  name: 'docusign',
  openapiTag: {
    name: 'envelopes',
    description: "Documents sent for signature through DocuSign, and their status (docs/api.md 'DocuSign')",
  },
  routes: envelopeRoutes,
  resources: [envelopeResource],
  jobs: [envelopeSendJob, docusignConnectJob],
};
