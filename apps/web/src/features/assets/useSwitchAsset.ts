import { MESSAGES } from '@crm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { sessionStore } from '../../kit/session/session';
import { reloadForActiveAsset } from './asset-reload';
import type { AssetOption } from './useAssetOptions';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const MESSAGE_KEY = 'switch-asset';
// A switch can answer in a few milliseconds: the message stays long enough to be read, not as a flicker.
const MESSAGE_MIN_VISIBLE_MS = 600;

/** docs/product.md 'Session and assets': 'Switch Asset To {name}...', update the profile, tell the other tabs, reload the path. */
export function useSwitchAsset() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const change = trpc.profile.changeActiveAsset.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const switchAsset = useCallback(
    async (asset: AssetOption, options: { silent?: boolean } = {}) => {
      const shownAt = Date.now();
      if (!options.silent) {
        clearTimeout(closeTimer.current);
        void message.open({ type: 'loading', content: MESSAGES.app.switchAsset(asset.name), key: MESSAGE_KEY, duration: 0 });
      }
      try {
        await change.mutateAsync({ asset: asset._id });
      } catch (error) {
        if (!options.silent) void message.open({ type: 'error', content: toApiError(error).message, key: MESSAGE_KEY });
        return false;
      }
      sessionStore.notifyAssetSwitch(asset._id);
      await reloadForActiveAsset(queryClient);
      if (!options.silent) {
        const remaining = Math.max(0, MESSAGE_MIN_VISIBLE_MS - (Date.now() - shownAt));
        closeTimer.current = setTimeout(() => message.destroy(MESSAGE_KEY), remaining);
      }
      return true;
    },
    [change, message, queryClient],
  );

  return { switchAsset, switching: change.isPending };
}
