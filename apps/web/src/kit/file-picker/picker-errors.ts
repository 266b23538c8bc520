import { type ErrorEnvelopeBody, MESSAGES } from '@crm/domain';

/** What the picker reads of a failed tRPC call: the server's envelope rides in `data.envelope` (apps/server/src/trpc/trpc.ts). */
interface FailedCall {
  data?: { envelope: Pick<ErrorEnvelopeBody, 'message'> } | null;
}

/**
 * The server's message of a failed load, else 'Something went wrong' (docs/product.md 'Lists'). 401, 403 and
 * status 0 are handled app-wide (apps/web/src/app/query-client.ts).
 */
export function failureMessage(error: FailedCall | null): string {
  return error?.data?.envelope.message ?? MESSAGES.common.somethingWentWrong;
}
