import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { App } from 'antd';
import { useCallback } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../api/api-error';
import { resourceApi, resourceUtils } from '../resource/resource-api';
import { deleteFailureMessage } from './delete-messages';
import { SCREEN_SHOWS_ERROR } from '../api/mutation-errors';

/**
 * Delete with confirmation (docs/product.md 'Lists'): 'Are you sure you want to delete this {label}?' with the
 * irreversibility warning; success '{Label} has been deleted successfully'; failure the server's message or
 * 'An error occurred while deleting the {Label}'. The modal returns focus to its opener and closes on Escape.
 */
export function useResourceDelete(contract: AnyResourceContract) {
  const { message, modal } = App.useApp();
  const remove = resourceApi(contract).remove.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const utils = resourceUtils(trpc.useUtils(), contract);
  const { one, many } = contract.label;

  const confirmDelete = useCallback(
    (id: string, onDeleted?: () => void) =>
      modal.confirm({
        title: MESSAGES.delete.confirm(one),
        content: MESSAGES.delete.irreversible,
        okText: MESSAGES.delete.deleteLabel,
        okButtonProps: { danger: true },
        cancelText: MESSAGES.delete.cancelLabel,
        onOk: async () => {
          try {
            await remove.mutateAsync({ id });
            void message.success(MESSAGES.delete.success(one));
            onDeleted?.();
          } catch (error) {
            void message.error(deleteFailureMessage(toApiError(error), one));
          } finally {
            void utils.invalidate();
          }
        },
      }),
    [message, modal, one, remove, utils],
  );

  const confirmBulkDelete = useCallback(
    (ids: readonly string[], onDone: () => void) =>
      modal.confirm({
        title: MESSAGES.delete.bulkConfirm(ids.length, many),
        content: MESSAGES.delete.irreversible,
        okText: MESSAGES.delete.deleteLabel,
        okButtonProps: { danger: true },
        cancelText: MESSAGES.delete.cancelLabel,
        onOk: async () => {
          const results = await Promise.allSettled(ids.map((id) => remove.mutateAsync({ id })));
          const deleted = results.filter((result) => result.status === 'fulfilled').length;
          const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
          if (deleted) void message.success(deleted === 1 ? MESSAGES.delete.success(one) : MESSAGES.delete.bulkSuccess(deleted, many));
          if (failed) void message.error(deleteFailureMessage(toApiError(failed.reason), one));
          onDone();
          void utils.invalidate();
        },
      }),
    [many, message, modal, one, remove, utils],
  );

  return { confirmDelete, confirmBulkDelete };
}
