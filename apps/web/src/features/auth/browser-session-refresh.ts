import { createTRPCClient, httpLink } from '@trpc/client';
// Type-only: the server's router type, never its code.
import type { AppRouter } from '@server/trpc/app-router';
import { browserLocale, requestHeaders } from '../../app/request-headers';
import { TRPC_URL } from '../../app/trpc-client';
import { toApiError } from '../../kit/api/api-error';
import { sessionStore } from '../../kit/session/session';
import { startSessionRefresh } from './session-refresh';

const LOCK_NAME = 'crm.session-refresh';
/** Held after a refresh so the new session reaches the other tabs before one of them may look. */
const SETTLE_MS = 500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One refresh at a time across the tabs of this browser (Web Locks); a browser without them has one tab's word. */
async function exclusive(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  await locks.request(LOCK_NAME, async () => {
    await task();
    await pause(SETTLE_MS);
  });
}

/** Keeps the signed-in staff member's session alive while the app is open (main.tsx starts it once). */
export function startBrowserSessionRefresh(): () => void {
  // The refresh token is the credential: no bearer (it may be the expired one being replaced), and no waiting for
  // a live access token, which this very call brings.
  const headers = () => requestHeaders(null, browserLocale());
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: TRPC_URL, headers })] });
  return startSessionRefresh({
    store: {
      get: () => sessionStore.get(),
      update: (session) => sessionStore.update(session),
      clear: () => sessionStore.clear(),
      subscribe: (listener) => sessionStore.subscribe(listener),
    },
    refresh: (refreshToken) => client.auth.refresh.mutate({ refresh_token: refreshToken }),
    exclusive,
    isRefused: (error) => toApiError(error).statusCode === 401,
  });
}
