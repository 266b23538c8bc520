import { MESSAGES } from '@crm/domain';
import { toApiError } from './api-error';

// docs/product.md 'Errors in the browser': a failed call shows the server's message once, from one place (the
// QueryClient's MutationCache, apps/web/src/app/query-client.ts), unless the screen shows the failure itself.

/**
 * The meta of a mutation whose screen shows its own failure: a form's fields, an inline alert, a custom text. A type,
 * not an interface, so it fits tRPC's `meta: Record<string, unknown>`.
 */
export type CallMeta = {
  screenShowsError?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: CallMeta;
  }
}

/** `useMutation({ meta: SCREEN_SHOWS_ERROR })`: the default message stays away, the screen shows the failure. */
export const SCREEN_SHOWS_ERROR: CallMeta = { screenShowsError: true };

/** What the default handler reads of a mutation (TanStack's Mutation has both). */
export interface MutationErrorSource {
  options: { onError?: ((...args: never[]) => void) | undefined; meta?: CallMeta | undefined };
}

/** Whether the default handler shows the failure: not when the screen passed its own onError or SCREEN_SHOWS_ERROR. */
export function showsDefaultError(mutation: MutationErrorSource): boolean {
  return mutation.options.onError === undefined && mutation.options.meta?.screenShowsError !== true;
}

/** The text the default handler shows: the envelope's message, or 'Error' when it has none. */
export function defaultErrorMessage(error: unknown): string {
  return toApiError(error).message.trim() || MESSAGES.common.error;
}

/** The MutationCache's onError part that shows a failure no screen took: `show` is the themed message API. */
export function mutationErrorNotice(show: (text: string) => void) {
  return (error: Error, mutation: MutationErrorSource): void => {
    if (showsDefaultError(mutation)) show(defaultErrorMessage(error));
  };
}
