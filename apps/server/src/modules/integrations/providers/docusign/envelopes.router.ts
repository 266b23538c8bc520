import { resourceProcedures } from '../../../../resources/resource-procedures.js';
import { router } from '../../../../trpc/trpc.js';
import { envelopeDoors } from './envelope.calls.js';
import { envelopeResource } from './envelope.resource.js';

// The envelopes' generic read calls and DocuSign's declared send.
export const envelopesRouter = router({ ...resourceProcedures(envelopeResource), ...envelopeDoors.procedures });
