import { EnvelopeResponseSchema, envelopeCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { sendForSignature } from './envelope.service.js';

// DocuSign's send, both doors from its declaration (packages/domain esign/envelope.calls.ts).
export const envelopeDoors = serveCalls(envelopeCalls, {
  send: async ({ deps, actor, input }) => ({ data: EnvelopeResponseSchema.shape.data.parse(await sendForSignature(deps, actor, input)) }),
});
