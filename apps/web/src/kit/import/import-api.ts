import {
  type AnyResourceContract,
  IMPORT_MAPPING_FIELD,
  type ImportDryRun,
  ImportDryRunSchema,
  type ImportFormat,
  type ImportJob,
  ImportJobSchema,
  type ImportMapping,
  type ImportPreview,
  ImportPreviewSchema,
  MESSAGES,
  oneResponseSchema,
} from '@crm/domain';
import { browserLocale, requestHeaders } from '../../app/request-headers';
import { errorOf, ExportError, saveBlob } from '../export/resource-export';
import { sessionStore } from '../session/session';

// The import calls of a resource (docs/api.md 'Imports'): `{path}/import/...` with the file as multipart. tRPC
// does not carry files, so these are plain fetches with the headers of every other call; answers are parsed with
// the domain's schemas, failures carry the server's message.

const headers = () => requestHeaders(sessionStore.get(), browserLocale());
const base = (contract: AnyResourceContract) => `/api/${contract.path}/import`;

async function call<T>(url: string, init: RequestInit, read: (json: unknown) => T): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: headers() });
  } catch {
    throw new ExportError(MESSAGES.http.interrupted, 0);
  }
  if (!response.ok) throw await errorOf(response);
  return read(await response.json());
}

function form(file: File, mapping?: ImportMapping): FormData {
  const body = new FormData();
  if (mapping) body.append(IMPORT_MAPPING_FIELD, JSON.stringify(mapping));
  body.append('file', file, file.name);
  return body;
}

const preview = oneResponseSchema(ImportPreviewSchema);
const dryRun = oneResponseSchema(ImportDryRunSchema);
const job = oneResponseSchema(ImportJobSchema);

export const importApi = {
  preview: (contract: AnyResourceContract, file: File): Promise<ImportPreview> =>
    call(`${base(contract)}/preview`, { method: 'POST', body: form(file) }, (json) => preview.parse(json).data),
  dryRun: (contract: AnyResourceContract, file: File, mapping: ImportMapping): Promise<ImportDryRun> =>
    call(`${base(contract)}/dry-run`, { method: 'POST', body: form(file, mapping) }, (json) => dryRun.parse(json).data),
  start: (contract: AnyResourceContract, file: File, mapping: ImportMapping): Promise<ImportJob> =>
    call(base(contract), { method: 'POST', body: form(file, mapping) }, (json) => job.parse(json).data),
  status: (contract: AnyResourceContract, id: string): Promise<ImportJob> =>
    call(`${base(contract)}/${encodeURIComponent(id)}`, { method: 'GET' }, (json) => job.parse(json).data),
  /** Downloads the kind's template. */
  async template(contract: AnyResourceContract, format: ImportFormat): Promise<void> {
    const response = await fetch(`${base(contract)}/template?format=${format}`, { headers: headers() });
    if (!response.ok) throw await errorOf(response);
    saveBlob(await response.blob(), `${contract.label.many.replace(/\s+/g, '-')}-import-template.${format}`);
  },
};

export function importErrorMessage(error: unknown): string {
  return error instanceof ExportError ? error.message : MESSAGES.common.somethingWentWrong;
}
