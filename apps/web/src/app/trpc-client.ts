import { httpBatchLink } from '@trpc/client';
import { sessionStore } from '../features/auth/session';
import { browserLocale, requestHeaders } from './request-headers';
import { trpc } from './trpc';

export const TRPC_URL = '/trpc';

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_URL,
        // A batch names its procedures in one path segment ('/trpc/a.b,c.d,...'), which the server's router
        // refuses past 100 characters (414): a page with many lookups would lose them all. Small batches.
        maxItems: 3,
        // Read per request: the token changes on login, password change and in other tabs.
        headers: () => requestHeaders(sessionStore.get(), browserLocale()),
      }),
    ],
  });
}
