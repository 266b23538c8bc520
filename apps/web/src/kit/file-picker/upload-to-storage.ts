import { MESSAGES, type StoredFile, storedFileContract, toClientError, type UploadRules } from '@crm/domain';
import { currentRequestHeaders } from '../../app/current-headers';

// POST /api/storage/upload (docs/api.md 'Uploads') is multipart, so it has no tRPC door. XMLHttpRequest rather than
// fetch: only it reports upload progress. A failure rejects with an UploadFailure carrying the server's message.

export const STORAGE_UPLOAD_URL = '/api/storage/upload';

export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

export interface UploadRequest {
  file: File;
  rules: UploadRules;
  category?: string | undefined;
  /** 0-100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function formOf({ file, rules, category }: UploadRequest): FormData {
  const body = new FormData();
  // Text fields first: the server reads the parts in order, and the mode words a refusal of the file part.
  body.append('name', file.name);
  if (category) body.append('category', category);
  body.append('mode', rules.mode);
  if (rules.mode === 'image' && rules.allowedTypes?.length) body.append('accept', rules.allowedTypes.join(','));
  body.append('file', file);
  return body;
}

export function uploadToStorage(request: UploadRequest): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', STORAGE_UPLOAD_URL);
    for (const [name, value] of Object.entries(currentRequestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = toClientError(xhr.status, body);
        reject(new UploadFailure(error.message, error.statusCode));
        return;
      }
      const answer = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
      const stored = storedFileContract.record.safeParse(answer);
      if (stored.success) resolve(stored.data);
      else reject(new UploadFailure(MESSAGES.common.somethingWentWrong, xhr.status));
    };
    const interrupted = () => reject(new UploadFailure(toClientError(0, null).message, 0));
    xhr.onerror = interrupted;
    xhr.onabort = interrupted;
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formOf(request));
  });
}
