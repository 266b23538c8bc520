import { MESSAGES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export interface FileReference {
  /** The body field naming the stored file (`avatar`, `logo`). */
  field: string;
  /** The column that keeps the file's URL beside the reference (`imageUrl`, `logoUrl`). */
  column: string;
  label: string;
  /** Only an image may be referenced (avatars, logos). */
  image?: boolean;
}

/**
 * A record that points at a stored file keeps the file's URL beside the reference, so lists show it without a join:
 * written in the same transaction as the reference, cleared with it. The engine has already checked that the file
 * belongs to the caller's asset (the field's `refs`).
 */
export async function fileUrlColumn({ tx, body, scope }: WriteHookInput, ref: FileReference): Promise<Row> {
  if (!(ref.field in body) || body[ref.field] === undefined) return {};
  const id = text(body[ref.field]);
  if (!id || !scope.assetId) return { [ref.column]: null };
  const file = await tx.storedFile.findFirst({ where: { id, assetId: scope.assetId, deletedAt: null }, select: { url: true, type: true } });
  if (!file) throw AppError.validation({ [ref.field]: [MESSAGES.record.notFound(ref.label)] });
  if (ref.image && file.type !== 'image') throw AppError.validation({ [ref.field]: [MESSAGES.upload.imageTypes] });
  return { [ref.column]: file.url };
}
