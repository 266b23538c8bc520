import {
  type AnyResourceContract,
  type ContractCreateInput,
  type ContractCreateOutput,
  type ContractRecord,
  type ContractUpdateInput,
  type ContractUpdateOutput,
  fieldErrorsOf,
  MESSAGES,
} from '@crm/domain';
import { App, type FormInstance, type FormRule, Form } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../api/api-error';
import { resourceApi, resourceUtils } from '../resource/resource-api';
import { useResourcePermissions } from '../resource/useResourcePermissions';
import { applyServerErrors, firstErrorField } from './form-errors';
import type { FormFieldKey, FormMode, ResourceFormSpec, ResourceFormValues } from './form-spec';
import { zodRules } from './zod-rules';
import { SCREEN_SHOWS_ERROR } from '../api/mutation-errors';

type Schema = NonNullable<AnyResourceContract['create']>;

export interface ResourceFormOptions<C extends AnyResourceContract> extends Omit<ResourceFormSpec<C>, 'contract' | 'Fields'> {
  /** The record to update. */
  id?: string | undefined;
  onSaved?: (record: ContractRecord<C>) => void;
}

export interface ResourceFormState<C extends AnyResourceContract> {
  contract: C;
  mode: FormMode;
  form: FormInstance<ResourceFormValues<C>>;
  /** The form's starting values; undefined while the record loads. */
  initialValues: ResourceFormValues<C> | undefined;
  record: ContractRecord<C> | undefined;
  loading: boolean;
  loadError: unknown;
  /** The antd rules of a field, from the mode's schema; required as the create schema says. */
  rules: (field: FormFieldKey<C>) => FormRule[];
  /** A sensitive field is hidden, and never sent, on update without VIEW_SENSITIVE_INFORMATION. */
  hidden: (field: string) => boolean;
  /** Messages above the form: a 400's leftovers, or another failure's message. */
  errors: string[];
  saving: boolean;
  submit: () => Promise<void>;
  /** After antd's own check failed: to the first invalid field. */
  focusFirstError: () => void;
}

const SCROLL = { block: 'center', focus: true } as const;

function schemaOf(contract: AnyResourceContract, mode: FormMode): Schema {
  const schema = mode === 'create' ? contract.create : contract.update;
  if (!schema) throw new Error(`${contract.name} has no ${mode} schema`);
  return schema;
}

/**
 * A resource's create or update form (docs/product.md 'Customers' for the model): the contract's schema checks it in
 * the browser (zod-rules.ts), a VALIDATION_ERROR's `data` goes onto its fields and the rest above it, the first
 * invalid field is scrolled to and focused, success says '{Label} has been added/updated successfully'.
 */
export function useResourceForm<C extends AnyResourceContract>(
  contract: C,
  mode: FormMode,
  options: ResourceFormOptions<C>,
): ResourceFormState<C> {
  const [form] = Form.useForm<ResourceFormValues<C>>();
  const { message } = App.useApp();
  const permissions = useResourcePermissions(contract);
  const api = resourceApi(contract);
  const utils = resourceUtils(trpc.useUtils(), contract);
  const create = api.create.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const update = api.update.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [errors, setErrors] = useState<string[]>([]);
  const { id, defaults, fromRecord, populate, createBody, updateBody, onSaved } = options;
  const editing = mode === 'update';

  const stored = api.byId.useQuery(
    { id: id ?? '', ...(populate ? { populate } : {}) },
    { enabled: editing && Boolean(id), staleTime: 0, retry: false },
  );
  const record = stored.data?.data;
  const initialValues = useMemo(
    () => (editing ? (record ? fromRecord(record) : undefined) : defaults()),
    [defaults, editing, fromRecord, record],
  );

  const schema = schemaOf(contract, mode);
  const requiredBy = contract.create ?? schema;
  const rules = useCallback((field: FormFieldKey<C>) => zodRules<ResourceFormValues<C>>(schema, field, requiredBy), [requiredBy, schema]);
  const hidden = useCallback(
    (field: string) => editing && !permissions.sensitive && contract.fields[field]?.sensitive === true,
    [contract, editing, permissions.sensitive],
  );

  const focusFirstError = useCallback(() => {
    const name = firstErrorField(form);
    if (name) form.scrollToField(name, SCROLL);
  }, [form]);

  const submit = useCallback(async () => {
    setErrors([]);
    const all: Record<string, unknown> = { ...form.getFieldsValue(true) };
    for (const key of Object.keys(all)) if (hidden(key)) delete all[key];
    const data = fieldErrorsOf(schema, all);
    if (Object.keys(data).length) {
      // antd ran the same rules already; this catches what no field showed.
      setErrors(applyServerErrors(form, { statusCode: 400, code: 'VALIDATION_ERROR', message: MESSAGES.common.error, data }));
      focusFirstError();
      return;
    }
    // The contract's own schema has just checked these values: they are its output.
    const checked = schema.parse(all);
    try {
      const answer =
        editing && id
          ? await update.mutateAsync({
              id,
              data: updateBody ? updateBody(checked as ContractUpdateOutput<C>) : (checked as ContractUpdateInput<C>),
            })
          : await create.mutateAsync(createBody ? createBody(checked as ContractCreateOutput<C>) : (checked as ContractCreateInput<C>));
      void message.success(editing ? MESSAGES.record.updated(contract.label.one) : MESSAGES.record.added(contract.label.one));
      void utils.invalidate();
      onSaved?.(answer.data);
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
      focusFirstError();
    }
  }, [contract, create, createBody, editing, focusFirstError, form, hidden, id, message, onSaved, schema, update, updateBody, utils]);

  return {
    contract,
    mode,
    form,
    initialValues,
    record,
    loading: editing && stored.isLoading,
    loadError: stored.error,
    rules,
    hidden,
    errors,
    saving: create.isPending || update.isPending,
    submit,
    focusFirstError,
  };
}
