import { UnrecoverableError } from 'bullmq';
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { SYNC_JOB_POLICY } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { storageBackendFor } from '../../../storage/index.js';
import { ProviderCallError } from '../../provider-call.js';
import { usableIntegration } from '../oauth-grants.js';
import { LABEL, openDocuSignSession } from './docusign-auth.js';
import { findSentEnvelope, sendEnvelope } from './docusign-envelopes.js';
import { moveEnvelope } from './envelope-record.js';

// Sends a queued envelope to DocuSign (docs/api.md 'DocuSign'): the PDF read from Storage, the JWT grant, the envelope
// created and sent, its DocuSign id stored and its status 'sent'. One job per envelope (`docusign-envelope-{id}`).
// A retry first looks for the envelope DocuSign may already have (our id in its custom field), so the customer never
// gets it twice. 408, 429, 5xx and no answer are retried (provider-job-policy.ts); anything else, or the last failure,
// leaves the envelope 'failed' with the reason.

export const ENVELOPE_SEND_ATTEMPTS = SYNC_JOB_POLICY.attempts;

export const envelopeSendJob = defineJob({
  id: 'docusign-envelope',
  payload: z.strictObject({ envelopeId: z.uuid() }),
  ...providerJobPolicy('docusign'),
  handle: async ({ envelopeId }, { deps, job }) => {
    try {
      return await sendQueuedEnvelope(deps, envelopeId, { retry: job.attemptsMade > 0 });
    } catch (error) {
      const retryable = error instanceof ProviderCallError && error.retryable;
      if (retryable && job.attemptsMade + 1 < ENVELOPE_SEND_ATTEMPTS) throw error;
      const message = error instanceof Error ? error.message : String(error);
      await moveEnvelope(deps, envelopeId, { status: 'failed', error: message.slice(0, 500) });
      throw new UnrecoverableError(message);
    }
  },
});

export async function queueEnvelopeSend(deps: Pick<AppDeps, 'jobs'>, envelopeId: string): Promise<void> {
  await deps.jobs.enqueue(envelopeSendJob, { envelopeId }, { jobId: `docusign-envelope-${envelopeId}` });
}

/** Sends one envelope if it is still waiting; answers what happened. */
export async function sendQueuedEnvelope(
  deps: Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>,
  id: string,
  options: { retry: boolean },
): Promise<'sent' | 'skipped'> {
  const envelope = await deps.db.envelope.findUnique({ where: { id }, include: { file: { select: { name: true, storageKey: true } } } });
  if (envelope?.status !== 'queued' || envelope.envelopeId) return 'skipped';
  const row = await usableIntegration(deps, envelope.assetId, 'docusign');
  if (!row) throw new ProviderCallError(`${LABEL} is not configured or is switched off for this asset.`, null, false);
  const stream = await storageBackendFor(deps.env).open(envelope.file.storageKey);
  if (!stream) throw new ProviderCallError('The document is no longer in Storage.', null, false);
  const pdf = await buffer(stream);
  const session = await openDocuSignSession(deps, row);
  const toSend = {
    id: envelope.id,
    subject: envelope.subject,
    fileName: envelope.file.name,
    pdf,
    signerName: envelope.signerName,
    signerEmail: envelope.signerEmail,
    createdAt: envelope.createdAt,
  };
  const envelopeId =
    (options.retry ? await findSentEnvelope(deps, row, session, toSend) : null) ?? (await sendEnvelope(deps, row, session, toSend));
  await moveEnvelope(deps, id, { status: 'sent', envelopeId, error: null });
  return 'sent';
}
