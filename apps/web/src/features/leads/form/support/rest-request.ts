import { encodeListFilter, type ListFilterInput } from '@crm/domain';
import { browserLocale, requestHeaders } from '../../../../app/request-headers';
import { sessionStore } from '../../../auth/session';

// The REST door (CONTRACT.md), for the calls that have no tRPC procedure: multipart uploads, and lookups
// whose router is not in the app router yet. Failures reject in the shape `toApiError` reads (the server's
// envelope under `data.envelope`), so the global 401/403 handling and the forms treat them like tRPC errors.

export const API_BASE = '/api';

export interface RestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as `?filter=<JSON>`. */
  filter?: ListFilterInput;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

function urlOf(path: string, options: RestOptions): string {
  const search = new URLSearchParams();
  if (options.filter) search.set('filter', encodeListFilter(options.filter));
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

async function failure(response: Response): Promise<Error> {
  let envelope: unknown = null;
  try {
    envelope = await response.json();
  } catch {
    envelope = null;
  }
  const error = new Error(`HTTP ${response.status}`);
  return Object.assign(error, { name: 'RestError', data: { envelope, httpStatus: response.status } });
}

export async function restRequest<T>(path: string, options: RestOptions = {}): Promise<T> {
  const headers = requestHeaders(sessionStore.get(), browserLocale());
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
  const response = await fetch(urlOf(path, options), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}
