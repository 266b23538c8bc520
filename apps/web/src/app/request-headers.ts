import { REQUEST_HEADERS } from '@crm/domain';
import type { Session } from '../kit/session/session-store';

export interface BrowserLocale {
  timeZone: string | undefined;
  language: string | undefined;
}

export function browserLocale(): BrowserLocale {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return { timeZone, language: typeof navigator === 'undefined' ? undefined : navigator.language };
}

/** Headers on every call (docs/api.md 'Headers'): the bearer token, the caller's zone and language. */
export function requestHeaders(session: Session | null, locale: BrowserLocale): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  if (locale.timeZone) headers[REQUEST_HEADERS.TIMEZONE] = locale.timeZone;
  if (locale.language) headers[REQUEST_HEADERS.LANGUAGE] = locale.language;
  return headers;
}
