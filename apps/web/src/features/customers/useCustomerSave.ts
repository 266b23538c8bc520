import { CustomerFormSchema, MESSAGES } from '@crm/domain';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { isRecord } from '../../kit/record/record';
import { customerFormSchema, customerSaveErrors, toCustomerCreate, toCustomerUpdate, type CustomerFormDraft } from './customer-form-values';
import { customerOptionOf, type CustomerOption } from '../leads/form/customer-option';

interface SaveOptions {
  customerId?: string | undefined;
  canViewSensitive: boolean;
  onSaved: (customer: CustomerOption) => void;
}

/**
 * Creates (POST /customers) or updates (PATCH /customers/{id}) through tRPC `customers`. Failures
 * become the drawer's alert (docs/product.md 'Customers'); success toasts and hands the customer back.
 */
export function useCustomerSave({ customerId, canViewSensitive, onSaved }: SaveOptions) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const create = trpc.customers.create.useMutation();
  const patch = trpc.customers.update.useMutation();
  const [errors, setErrors] = useState<string[]>([]);

  const save = useCallback(
    async (raw: CustomerFormDraft) => {
      setErrors([]);
      const editing = customerId !== undefined;
      const parsed = customerFormSchema(editing, canViewSensitive).safeParse(raw);
      if (!parsed.success) {
        setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
        return;
      }
      try {
        const answer = editing
          ? await patch.mutateAsync({ id: customerId, data: toCustomerUpdate(parsed.data, canViewSensitive) })
          : await create.mutateAsync(toCustomerCreate(CustomerFormSchema.parse(raw)));
        const record = isRecord(answer.data) && typeof answer.data._id === 'string' ? { ...answer.data, _id: answer.data._id } : null;
        void message.success(editing ? MESSAGES.customer.updated : MESSAGES.customer.added);
        void utils.customers.invalidate();
        void utils.customers.invalidate();
        void utils.leads.invalidate();
        if (record) onSaved(customerOptionOf(record));
      } catch (error) {
        setErrors(customerSaveErrors(toApiError(error)));
      }
    },
    [canViewSensitive, create, customerId, message, onSaved, patch, utils],
  );

  return { save, saving: create.isPending || patch.isPending, errors };
}
