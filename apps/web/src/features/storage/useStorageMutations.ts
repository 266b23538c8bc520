import { MESSAGES, storedFileContract } from '@crm/domain';
import { App } from 'antd';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const LABEL = storedFileContract.label.one;

/**
 * The Storage screen's writes: hide/unhide and rename (storage.update), remove (storage.remove: the blob and its
 * thumbnail go). Every storage query (grid, categories, usage) is refreshed after each.
 */
export function useStorageMutations() {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const settled = { onSettled: () => utils.storage.invalidate() };
  // Hiding fails with the server's message (the default one); a rename's failure goes to its form, a removal's is ours.
  const hide = trpc.storage.update.useMutation(settled);
  const update = trpc.storage.update.useMutation({ ...settled, meta: SCREEN_SHOWS_ERROR });
  const remove = trpc.storage.remove.useMutation({ ...settled, meta: SCREEN_SHOWS_ERROR });

  return {
    saving: update.isPending || hide.isPending,
    removing: remove.isPending,
    setHidden: async (id: string, isHidden: boolean) => {
      const saved = await hide.mutateAsync({ id, data: { isHidden } }).then(
        () => true,
        () => false,
      );
      if (saved) void message.success(isHidden ? MESSAGES.storage.hiddenDone : MESSAGES.storage.unhiddenDone);
    },
    /** Resolves with the failure for the form to show, or null once saved. */
    rename: (id: string, data: { name: string; category: string | null }) =>
      update.mutateAsync({ id, data }).then(
        () => {
          void message.success(MESSAGES.record.updated(LABEL));
          return null;
        },
        (error: unknown) => toApiError(error),
      ),
    remove: async (id: string) => {
      try {
        await remove.mutateAsync({ file: id });
        void message.success(MESSAGES.delete.success(LABEL));
      } catch {
        void message.error(MESSAGES.delete.failure(LABEL));
      }
    },
  };
}
