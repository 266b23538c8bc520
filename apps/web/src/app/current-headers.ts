import { sessionStore } from '../kit/session/session';
import { liveAccess } from '../kit/session/session-store';
import { browserLocale, requestHeaders } from './request-headers';

/** The headers of a call made now (docs/api.md 'Headers'): read per call, as the token changes on login and in other tabs. */
export function currentRequestHeaders(): Record<string, string> {
  return requestHeaders(sessionStore.get(), browserLocale());
}

/** The same, once an expired access token being refreshed has been replaced (tRPC calls wait for it). */
export async function sessionRequestHeaders(): Promise<Record<string, string>> {
  await liveAccess(sessionStore);
  return currentRequestHeaders();
}
