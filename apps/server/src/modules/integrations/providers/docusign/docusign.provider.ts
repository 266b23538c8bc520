import { defineProvider } from '../../provider-module.js';
import { checkDocuSign } from './docusign-check.js';
import { receiveDocuSignConnect } from './docusign-connect.js';
import { docusignConnectJob } from './docusign-connect.job.js';
import { envelopeSendJob } from './envelope-send.job.js';
import { envelopeResource } from './envelope.resource.js';
import { envelopeDoors } from './envelope.calls.js';

// DocuSign (docs/api.md 'DocuSign'): envelopes sent from a lead's page, and Connect's events (on the shared webhook
// route) moving their status.
export const docusignProvider = defineProvider(() => ({
  name: 'docusign',
  openapiTag: {
    name: 'envelopes',
    description: "Documents sent for signature through DocuSign, and their status (docs/api.md 'DocuSign')",
  },
  connection: { check: checkDocuSign },
  jobs: [envelopeSendJob, docusignConnectJob],
  calls: [envelopeDoors],
  resources: [envelopeResource],
  receiveWebhook: receiveDocuSignConnect,
}));
