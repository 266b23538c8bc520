import { sessionStore } from '../kit/session/session';
import { browserLocale, requestHeaders } from './request-headers';

/** The headers of a call made now (docs/api.md 'Headers'): read per call, as the token changes on login and in other tabs. */
export function currentRequestHeaders(): Record<string, string> {
  return requestHeaders(sessionStore.get(), browserLocale());
}
