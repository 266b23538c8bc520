import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS } from '../permissions/permission-codes.js';
import { EnvelopeResponseSchema, EnvelopeSendInputSchema } from './envelope.contract.js';

// DocuSign's send (docs/api.md 'DocuSign'), beside the envelopes' generic read calls: tRPC `envelopes.send`. Both
// doors answer `{ data: envelope }` (the web reads `.data` from tRPC too), REST with 202.
const send = defineCall({
  operationId: 'envelopes.send',
  summary: "Send a PDF of Storage to the lead's customer for signature (DocuSign)",
  tag: 'envelopes',
  access: [PERMISSIONS.LEAD_UPDATE],
  scope: 'none',
  kind: 'mutation',
  input: EnvelopeSendInputSchema,
  output: EnvelopeResponseSchema,
  rest: { method: 'POST', path: '/api/envelopes/send', status: 202, envelope: 'bare' },
});

export const envelopeCalls = defineCalls('envelopes', { send });
