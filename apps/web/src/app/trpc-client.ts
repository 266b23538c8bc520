import { TRPC_MAX_BATCH } from '@crm/domain';
import { httpBatchLink } from '@trpc/client';
import { sessionRequestHeaders } from './current-headers';
import { trpc } from './trpc';

export const TRPC_URL = '/trpc';

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_URL,
        // The server refuses larger batches (packages/domain limits).
        maxItems: TRPC_MAX_BATCH,
        // Read per request: the token changes on login, refresh, password change and in other tabs.
        headers: sessionRequestHeaders,
      }),
    ],
  });
}
