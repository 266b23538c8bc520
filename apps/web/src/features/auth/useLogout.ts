import { MESSAGES, PATHS } from '@crm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { sessionStore } from '../../kit/session/session';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const MESSAGE_KEY = 'logout';

/** docs/product.md 'Session and assets': 'Logging Out...', revoke the token, 'Logout successfully', tell the other tabs, /auth. */
export function useLogout() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const run = useCallback(async () => {
    void message.open({ type: 'loading', content: MESSAGES.app.loggingOut, key: MESSAGE_KEY, duration: 0 });
    try {
      await logout.mutateAsync();
    } catch (error) {
      const apiError = toApiError(error);
      // A token the server already refuses is as good as logged out; any other failure keeps the session
      // and shows the error and stops the loader.
      if (apiError.statusCode !== 401) {
        void message.open({ type: 'error', content: apiError.message, key: MESSAGE_KEY });
        return;
      }
    }
    sessionStore.clear({ broadcast: true });
    queryClient.clear();
    void message.open({ type: 'success', content: MESSAGES.app.logoutSuccess, key: MESSAGE_KEY });
    void navigate(PATHS.AUTH, { replace: true });
  }, [logout, message, navigate, queryClient]);

  return { logout: run, loggingOut: logout.isPending };
}
