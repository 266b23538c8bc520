import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getMutationKey, getQueryKey } from '@trpc/react-query';
import { PATHS } from '@crm/domain';
import { sessionStore } from '../kit/session/session';
import { globalErrorAction, toApiError } from '../kit/api/api-error';
import { mutationErrorNotice, SCREEN_SHOWS_ERROR } from '../kit/api/mutation-errors';
import { notifier } from './notifier';
import { router } from './router';
import { trpc } from './trpc';

/**
 * docs/product.md 'Errors in the browser', for every query and mutation: 401 logs out, 403 shows the forbidden page and
 * reads the profile again (a role may have just lost a permission: the menu and guards follow at once), status 0
 * says so. A failed mutation's message (status 0's too) is shown by mutationErrorNotice unless its screen shows it
 * (kit/api/mutation-errors.ts), so status 0 is announced here only for queries.
 */
function handleGlobalError(error: unknown, source: 'query' | 'mutation') {
  const apiError = toApiError(error);
  switch (globalErrorAction(apiError, window.location.pathname)) {
    case 'logout':
      // Only this tab: the others find out on their own next call (a revoked token answers 401 everywhere).
      sessionStore.clear({ broadcast: false });
      queryClient.clear();
      void router.navigate(PATHS.AUTH, { replace: true });
      break;
    case 'forbidden':
      void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.profile.get) });
      void router.navigate(PATHS.FORBIDDEN, { replace: true });
      break;
    case 'interrupted':
      if (source === 'query') notifier.error(apiError.message, 'interrupted');
      break;
    case 'none':
      break;
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  const { statusCode } = toApiError(error);
  // A 4xx will not change by asking again; server and network failures get one more try.
  return (statusCode === 0 || statusCode >= 500) && failureCount < 1;
}

const showMutationError = mutationErrorNotice((text) => notifier.error(text));

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => handleGlobalError(error, 'query') }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      handleGlobalError(error, 'mutation');
      showMutationError(error, mutation);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// The reorderable lists (FAQ order, custom field order) still show their own failure message: until they drop it for
// the default one, theirs stays the only one.
for (const procedure of [trpc.faqs.reorder, trpc.customFields.reorder, trpc.customFields.update]) {
  queryClient.setMutationDefaults(getMutationKey(procedure), { meta: SCREEN_SHOWS_ERROR });
}
