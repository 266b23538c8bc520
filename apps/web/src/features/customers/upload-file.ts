import { oneResponseSchema, storedFileContract } from '@crm/domain';
import { browserLocale, requestHeaders } from '../../app/request-headers';
import { sessionStore } from '../../kit/session/session';

// POST /api/storage/upload is multipart, so it has no tRPC door: this is its one REST call. A failure rejects
// in the shape `toApiError` reads (the server's envelope under `data.envelope`).

export const UPLOAD_URL = '/api/storage/upload';

const UploadAnswerSchema = oneResponseSchema(storedFileContract.row);

export interface UploadedFile {
  _id: string;
  /** The stored file's address (usable in an <img>). */
  url: string | undefined;
}

export async function uploadImage(file: File, category: string): Promise<UploadedFile> {
  const body = new FormData();
  // Text fields first: the server reads the parts in order.
  body.append('name', file.name);
  body.append('category', category);
  body.append('mode', 'image');
  body.append('file', file);
  const response = await fetch(UPLOAD_URL, { method: 'POST', headers: requestHeaders(sessionStore.get(), browserLocale()), body });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw Object.assign(new Error(`HTTP ${response.status}`), {
      name: 'UploadError',
      data: { envelope: answer, httpStatus: response.status },
    });
  // The answer is a stored file record (docs/api.md 'Uploads'), read with its contract's schema.
  const stored = UploadAnswerSchema.safeParse(answer);
  if (!stored.success) throw Object.assign(new Error('No file'), { name: 'UploadError', data: { httpStatus: response.status } });
  return { _id: stored.data.data._id, url: stored.data.data.file ?? undefined };
}
