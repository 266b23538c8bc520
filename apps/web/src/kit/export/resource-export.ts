import { encodeListFilter, MESSAGES, type ListFilterInput } from '@crm/domain';

// A list's export: the current filter's rows from `GET /api/{path}/export` (docs/api.md 'Resource calls'), streamed
// into a Blob with progress. tRPC does not stream files, so this one call is a plain fetch carrying the same
// headers as every other call (bearer token, zone, language).

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportProgress {
  receivedBytes: number;
  /** 0-100, or null when there is nothing to measure against (show the bytes instead). */
  percent: number | null;
}

export class ExportError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

export type ExportFilter = Pick<ListFilterInput, 'query' | 'sort' | 'select'>;

/**
 * Every matching row of the resource at `path`: the list's query and sort, without its page (the server streams
 * them all), in the columns the screen shows (`select`; all exportable columns without it).
 */
export function exportUrl(path: string, filter: ExportFilter, format: ExportFormat): string {
  const wanted = { query: filter.query, sort: filter.sort, ...(filter.select?.length ? { select: filter.select } : {}) };
  const params = new URLSearchParams({ filter: encodeListFilter(wanted), format });
  return `/api/${path}/export?${params.toString()}`;
}

/** The file name the server chose, else a dated one named after the list (`customers-2026-03-01.csv`). */
export function exportFileName(disposition: string | null, format: ExportFormat, base: string, now: Date = new Date()): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, '_') : '';
  return name || `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}

export function countNewlines(chunk: Uint8Array): number {
  let lines = 0;
  for (const byte of chunk) if (byte === 10) lines += 1;
  return lines;
}

/**
 * How far the download is: by Content-Length when the server sends one; for CSV otherwise by rows seen
 * (a header line plus one line per row) against the rows the list reported. Never 100 before the end.
 */
export function exportPercent(input: {
  receivedBytes: number;
  contentLength: number | null;
  linesSeen: number;
  expectedRows: number | null;
  format: ExportFormat;
}): number | null {
  const cap = (value: number) => Math.max(0, Math.min(99, Math.floor(value)));
  if (input.contentLength && input.contentLength > 0) return cap((input.receivedBytes / input.contentLength) * 100);
  if (input.format === 'csv' && input.expectedRows && input.expectedRows > 0)
    return cap((input.linesSeen / (input.expectedRows + 1)) * 100);
  return null;
}

/** The server's message from an error answer (the error envelope), e.g. 'Data is empty' on a 404; imports use it too. */
export async function errorOf(response: Response): Promise<ExportError> {
  let message: string = MESSAGES.common.somethingWentWrong;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string')
      message = (body as { message: string }).message;
  } catch {
    // not JSON: keep the generic text
  }
  return new ExportError(message, response.status);
}

export interface ExportRequest {
  /** The resource's REST path (its contract's `path`). */
  path: string;
  /** The file's URL when it is not a resource's list export (a report's own export call). */
  url?: string;
  /** The file's name when the server names none. */
  baseName: string;
  filter: ExportFilter;
  format: ExportFormat;
  headers: Record<string, string>;
  /** Rows the list reported for this filter (for CSV progress). */
  expectedRows: number | null;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  fetchImpl?: typeof fetch;
}

/** Downloads the export into memory; rejects with an ExportError carrying the server's message. */
export async function fetchExport(request: ExportRequest): Promise<{ blob: Blob; fileName: string }> {
  const doFetch = request.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await doFetch(request.url ?? exportUrl(request.path, request.filter, request.format), {
      headers: request.headers,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ExportError(MESSAGES.http.interrupted, 0);
  }
  if (!response.ok) throw await errorOf(response);
  const contentLength = Number(response.headers.get('content-length')) || null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = exportFileName(response.headers.get('content-disposition'), request.format, request.baseName);
  if (!response.body) return { blob: await response.blob(), fileName };

  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  let linesSeen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    receivedBytes += value.byteLength;
    if (request.format === 'csv') linesSeen += countNewlines(value);
    request.onProgress?.({
      receivedBytes,
      percent: exportPercent({ receivedBytes, contentLength, linesSeen, expectedRows: request.expectedRows, format: request.format }),
    });
  }
  request.onProgress?.({ receivedBytes, percent: 100 });
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
