import { z } from 'zod';
import type { AppDeps } from '../../../../core/deps.js';
import type { IntegrationRow } from '../../integration-record.js';
import { callProvider, ProviderCallError } from '../../provider-call.js';
import { type DocuSignSession, LABEL } from './docusign-auth.js';

// eSignature REST v2.1 envelopes (docs/api.md 'DocuSign'): one PDF, one signer, sent at once (status 'sent'). Our
// envelope's id rides in a hidden text custom field, so a send retried after DocuSign created the envelope but before we
// stored its id finds that envelope instead of sending a second one.

export const CRM_FIELD = 'crmEnvelopeId';

const CreatedSchema = z.object({ envelopeId: z.string().min(1), status: z.string().optional() });
const ListSchema = z.object({ envelopes: z.array(z.object({ envelopeId: z.string().min(1) })).default([]) });

export interface EnvelopeToSend {
  id: string;
  subject: string;
  fileName: string;
  pdf: Buffer;
  signerName: string;
  signerEmail: string;
  createdAt: Date;
}

type CallDeps = Pick<AppDeps, 'db' | 'log'>;
const envelopesPath = (session: DocuSignSession) => `/restapi/v2.1/accounts/${encodeURIComponent(session.accountId)}/envelopes`;
const auth = (session: DocuSignSession) => ({ authorization: `Bearer ${session.token}` });

/** The DocuSign envelope already made for ours (a send that stopped half way), or null. */
export async function findSentEnvelope(
  deps: CallDeps,
  row: IntegrationRow,
  session: DocuSignSession,
  envelope: Pick<EnvelopeToSend, 'id' | 'createdAt'>,
): Promise<string | null> {
  const query = new URLSearchParams({
    from_date: new Date(envelope.createdAt.getTime() - 24 * 60 * 60 * 1000).toISOString(),
    custom_field: `${CRM_FIELD}=${envelope.id}`,
  });
  const answer = await callProvider(deps, row, LABEL, session.baseUrl, {
    method: 'GET',
    path: `${envelopesPath(session)}?${query}`,
    headers: auth(session),
  });
  return ListSchema.safeParse(answer.json).data?.envelopes[0]?.envelopeId ?? null;
}

/** Creates and sends the envelope; answers DocuSign's envelope id. */
export async function sendEnvelope(
  deps: CallDeps,
  row: IntegrationRow,
  session: DocuSignSession,
  envelope: EnvelopeToSend,
): Promise<string> {
  const answer = await callProvider(deps, row, LABEL, session.baseUrl, {
    method: 'POST',
    path: envelopesPath(session),
    headers: auth(session),
    json: {
      emailSubject: envelope.subject,
      documents: [
        {
          documentId: '1',
          name: envelope.fileName,
          fileExtension: 'pdf',
          documentBase64: envelope.pdf.toString('base64'),
        },
      ],
      recipients: { signers: [{ recipientId: '1', routingOrder: '1', name: envelope.signerName, email: envelope.signerEmail }] },
      customFields: { textCustomFields: [{ name: CRM_FIELD, value: envelope.id, show: 'false', required: 'false' }] },
      status: 'sent',
    },
  });
  const created = CreatedSchema.safeParse(answer.json);
  if (!created.success) throw new ProviderCallError(`${LABEL} answered the new envelope without its id.`, answer.status, false);
  return created.data.envelopeId;
}
