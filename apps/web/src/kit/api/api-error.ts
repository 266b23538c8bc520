import { isCustomerPath, MESSAGES } from '@crm/domain';

/** The error envelope (docs/api.md 'Errors'), as the browser sees it (status 0: no answer at all). */
export interface ApiError {
  statusCode: number;
  code: string;
  message: string;
  data?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function envelopeOf(value: unknown): ApiError | null {
  if (!isRecord(value)) return null;
  const { statusCode, code, message, data } = value;
  if (typeof statusCode !== 'number' || typeof code !== 'string' || typeof message !== 'string') return null;
  return data === undefined ? { statusCode, code, message } : { statusCode, code, message, data };
}

/**
 * Normalises anything a tRPC call rejects with (docs/product.md 'Errors in the browser'): the server's envelope with its
 * statusCode, or status 0 with the interruption text when the request got no answer.
 */
export function toApiError(error: unknown): ApiError {
  const data = isRecord(error) && isRecord(error.data) ? error.data : null;
  const envelope = envelopeOf(data?.envelope);
  if (envelope) return envelope;
  if (data && typeof data.httpStatus === 'number') {
    const message = isRecord(error) && typeof error.message === 'string' ? error.message : MESSAGES.common.somethingWentWrong;
    return { statusCode: data.httpStatus, code: typeof data.code === 'string' ? data.code : MESSAGES.common.error, message };
  }
  const name = error instanceof Error && error.name && error.name !== 'Error' && error.name !== 'TRPCClientError' ? error.name : undefined;
  return { statusCode: 0, code: name ?? MESSAGES.http.unknownErrorCode, message: MESSAGES.http.interrupted };
}

/** Field -> messages of a 400 validation error, or null for any other error. */
export function validationFields(error: ApiError): Record<string, string[]> | null {
  if (error.statusCode !== 400 || !isRecord(error.data)) return null;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.data)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') fields[field] = [messages];
  }
  return Object.keys(fields).length ? fields : null;
}

export type GlobalErrorAction = 'logout' | 'forbidden' | 'interrupted' | 'none';

/** What the app does for an error wherever it happened; the caller still shows its own message. */
export function globalErrorAction(error: ApiError, pathname: string): GlobalErrorAction {
  // On the login page and a customer's page a 401 is that page's own answer, not an expired staff session.
  if (error.statusCode === 401) return isAuthPath(pathname) || isCustomerPath(pathname) ? 'none' : 'logout';
  if (error.statusCode === 403) return 'forbidden';
  if (error.statusCode === 0) return 'interrupted';
  return 'none';
}

export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}
