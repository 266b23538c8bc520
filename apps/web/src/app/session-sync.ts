import { PATHS } from '@crm/domain';
import { sessionStore } from '../kit/session/session';
import { reloadForActiveAsset } from '../features/assets/asset-reload';
import { queryClient } from './query-client';
import { router } from './router';

/** docs/product.md 'Session and assets', other tabs: a login goes to /, a logout to /auth, an asset switch reloads the current path. */
export function startSessionSync(): () => void {
  return sessionStore.onRemoteEvent((event) => {
    switch (event.type) {
      case 'login':
        queryClient.clear();
        void router.navigate(PATHS.ROOT, { replace: true });
        break;
      case 'logout':
        queryClient.clear();
        void router.navigate(PATHS.AUTH, { replace: true });
        break;
      case 'asset-switch':
        void reloadForActiveAsset(queryClient);
        break;
    }
  });
}
