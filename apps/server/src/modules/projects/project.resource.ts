import { MESSAGES, PROJECT_MESSAGES, projectContract } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { defineResource } from '../../resources/resource-define.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';
import { STORED_FILE_COLUMNS } from '../storage/storage.resource.js';

/** The brochure is a PDF of the asset's Storage; its URL is kept beside it, cleared with it. */
async function brochureColumns({ tx, body, scope }: WriteHookInput): Promise<Row> {
  if (body.brochure === undefined) return {};
  if (!body.brochure || !scope.assetId) return { brochureUrl: null };
  const file = await tx.storedFile.findFirst({
    where: { id: String(body.brochure), assetId: scope.assetId, deletedAt: null },
    select: { url: true, mimeType: true, ext: true },
  });
  if (!file) throw AppError.validation({ brochure: [MESSAGES.record.notFound('Brochure')] });
  const pdf = file.mimeType === 'application/pdf' || file.ext?.toLowerCase().replace('.', '') === 'pdf';
  if (!pdf) throw AppError.validation({ brochure: [PROJECT_MESSAGES.brochurePdf] });
  return { brochureUrl: file.url };
}

// Off-plan projects. The parts the editor saves one tab at a time have their own calls (project.routes.ts).
export const projectResource = defineResource(projectContract, {
  customFieldKind: 'project',
  model: 'project',
  refs: { developer: { model: 'developer' }, brochure: { model: 'storedFile' } },
  populate: { brochure: { columns: STORED_FILE_COLUMNS } },
  hooks: { beforeCreate: brochureColumns, beforeUpdate: brochureColumns },
});
