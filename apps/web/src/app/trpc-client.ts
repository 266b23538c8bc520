import { httpBatchLink } from '@trpc/client';
import { sessionStore } from '../kit/session/session';
import { browserLocale, requestHeaders } from './request-headers';
import { trpc } from './trpc';

export const TRPC_URL = '/trpc';

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_URL,
        // Read per request: the token changes on login, password change and in other tabs.
        headers: () => requestHeaders(sessionStore.get(), browserLocale()),
      }),
    ],
  });
}
