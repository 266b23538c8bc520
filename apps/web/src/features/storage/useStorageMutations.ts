import { MESSAGES, storedFileContract } from '@crm/domain';
import { App } from 'antd';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

const LABEL = storedFileContract.label.one;

/**
 * The Storage screen's writes: hide/unhide and rename (storage.update), remove (storage.remove: the blob and its
 * thumbnail go). Every storage query (grid, categories, usage) is refreshed after each.
 */
export function useStorageMutations() {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const update = trpc.storage.update.useMutation({ onSettled: () => utils.storage.invalidate() });
  const remove = trpc.storage.remove.useMutation({ onSettled: () => utils.storage.invalidate() });

  return {
    saving: update.isPending,
    removing: remove.isPending,
    setHidden: async (id: string, isHidden: boolean) => {
      try {
        await update.mutateAsync({ id, data: { isHidden } });
        void message.success(isHidden ? MESSAGES.storage.hiddenDone : MESSAGES.storage.unhiddenDone);
      } catch (error) {
        void message.error(toApiError(error).message);
      }
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
