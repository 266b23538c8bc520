import { ENVELOPE_MESSAGES as M, envelopeContract, type EnvelopeSendInput } from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import { assetOfActor } from '../../../../core/authorization.js';
import type { AppDeps } from '../../../../core/deps.js';
import { withUnitOfWork } from '../../../../resources/unit-of-work.js';
import { findRecordById } from '../../../../resources/resource.service.js';
import type { ApiRecord } from '../../../../resources/resource.types.js';
import { requireIntegration } from '../../integration-guard.js';
import { queueEnvelopeSend } from './envelope-send.job.js';
import { envelopeResource } from './envelope.resource.js';

const PDF = 'application/pdf';

/**
 * POST envelopes/send (docs/api.md 'DocuSign'): a PDF of the asset's Storage to the lead's customer. The lead must
 * be live, its customer have an email, the file be a PDF of this asset, and DocuSign be on (else 409). The envelope is
 * stored 'queued' (with its activity log row) and the send job queued; the answer is the envelope as the list reads it.
 */
export async function sendForSignature(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'log' | 'clock'>,
  actor: Actor,
  input: EnvelopeSendInput,
): Promise<ApiRecord> {
  const assetId = assetOfActor(actor);
  const lead = await deps.db.lead.findFirst({
    where: { id: input.lead, assetId, deletedAt: null },
    select: { id: true, customer: { select: { fullName: true, email: true } } },
  });
  if (!lead) throw AppError.validation({ lead: [M.leadNotFound] }, M.leadNotFound);
  const signerEmail = lead.customer.email?.trim();
  if (!signerEmail) throw AppError.validation({ lead: [M.noSignerEmail] }, M.noSignerEmail);
  const file = await deps.db.storedFile.findFirst({
    where: { id: input.file, assetId, deletedAt: null },
    select: { name: true, mimeType: true },
  });
  if (!file) throw AppError.validation({ file: [M.fileNotFound] }, M.fileNotFound);
  if (file.mimeType !== PDF) throw AppError.validation({ file: [M.notPdf] }, M.notPdf);
  await requireIntegration(deps, assetId, 'docusign');

  const envelope = await withUnitOfWork(deps, actor, async (uow) => {
    const created = await uow.tx.envelope.create({
      data: {
        companyId: actor.companyId,
        assetId,
        leadId: lead.id,
        fileId: input.file,
        subject: input.subject || M.defaultSubject(file.name),
        signerName: lead.customer.fullName,
        signerEmail,
        creatorId: actor.userId,
        updatedById: actor.userId,
      },
    });
    uow.activity({
      assetId,
      action: 'create',
      subjectType: envelopeContract.name,
      subjectId: created.id,
      after: {
        lead: created.leadId,
        file: created.fileId,
        subject: created.subject,
        signerName: created.signerName,
        status: created.status,
      },
    });
    return created;
  });
  await queueEnvelopeSend(deps, envelope.id);
  return findRecordById({ deps, actor }, envelopeResource, envelope.id);
}
