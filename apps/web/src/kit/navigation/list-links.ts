import { QUERY_PARAMS } from '@crm/domain';

// docs/product.md 'Screens and routes': row links carry `tab`, `refresh` and `ref` (where to come back to), with
// `refparams` (JSON) holding the query params of the page to come back to. A back button shows only when a
// `ref` exists and returns to it with those params.

export interface LinkParams {
  tab?: string;
  refresh?: boolean;
  /** The path to come back to. */
  ref?: string;
  /** That path's own query params, restored by the back button. */
  refParams?: Record<string, string>;
}

/** Only same-site paths: a `ref` from the address bar must never send the user off-site. */
export function isInternalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

export function linkWithParams(path: string, params: LinkParams = {}): string {
  const search = new URLSearchParams();
  if (params.tab) search.set(QUERY_PARAMS.TAB, params.tab);
  if (params.refresh) search.set(QUERY_PARAMS.REFRESH, '1');
  if (params.ref && isInternalPath(params.ref)) {
    search.set(QUERY_PARAMS.REF, params.ref);
    if (params.refParams && Object.keys(params.refParams).length) search.set(QUERY_PARAMS.REF_PARAMS, JSON.stringify(params.refParams));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The params a page hands to the pages it links to, so their back button restores it. `refresh` is left out:
 * coming back should find the cached filter, not start again.
 */
export function paramsToCarry(params: URLSearchParams): Record<string, string> {
  const carried: Record<string, string> = {};
  params.forEach((value, key) => {
    if (key !== QUERY_PARAMS.REFRESH) carried[key] = value;
  });
  return carried;
}

/** `refparams` as query params; anything but a JSON object of strings and numbers is ignored. */
export function parseRefParams(raw: string | null): URLSearchParams {
  const out = new URLSearchParams();
  if (!raw) return out;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out.set(key, String(item));
  }
  return out;
}

/** Where the back button goes, or null when it should not show (no `ref`, unless forced with a fallback). */
export function backTarget(params: URLSearchParams, fallback?: string): string | null {
  const ref = params.get(QUERY_PARAMS.REF);
  if (!isInternalPath(ref)) return fallback ?? null;
  const query = parseRefParams(params.get(QUERY_PARAMS.REF_PARAMS)).toString();
  return query ? `${ref}${ref.includes('?') ? '&' : '?'}${query}` : ref;
}
