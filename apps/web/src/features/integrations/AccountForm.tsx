import { NEW_ACCOUNT, type IntegrationAccount, type IntegrationProviderName } from '@crm/domain';
import { App, Button, Form, Space } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { type ApiError, toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors, firstErrorField } from '../../kit/form/form-errors';
import { IntegrationField } from './IntegrationField';
import { accountFormValues, formFieldsOf, toPatchBody, validatePatch, type IntegrationFormValues } from './integration-form-values';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

// One account of a provider connected several times (Property Finder): its name, its settings and its own
// credentials, drawn from the provider's schemas, saved through PATCH {name} with `account` (its id, or 'new').

interface AccountFormProps {
  provider: IntegrationProviderName;
  label: string;
  /** The account edited; null adds one. */
  account: IntegrationAccount | null;
  onDone?: () => void;
  onCancel?: () => void;
}

export function AccountForm({ provider, label, account, onDone, onCancel }: AccountFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<IntegrationFormValues>();
  const utils = trpc.useUtils();
  const update = trpc.integrations.update.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const fields = useMemo(() => formFieldsOf(provider), [provider]);
  const initialValues = useMemo(
    () => (account ? accountFormValues(account, fields.config) : { enabled: false, config: {}, secrets: {}, clear: {} }),
    [account, fields.config],
  );
  const [errors, setErrors] = useState<string[]>([]);
  const name = account ? account.label : `New ${label} account`;

  const showFailure = (error: ApiError) => {
    setErrors(applyServerErrors(form, error));
    const first = firstErrorField(form);
    if (first) form.scrollToField(first, { focus: true });
  };

  const save = async () => {
    setErrors([]);
    const { enabled: _enabled, ...rest } = toPatchBody(form.getFieldsValue(true), fields.config);
    const patch = { account: account?._id ?? NEW_ACCOUNT, ...rest };
    const invalid = validatePatch(provider, patch);
    if (invalid) return showFailure({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', data: invalid });
    try {
      await update.mutateAsync({ provider, patch });
      void message.success(`${typeof patch.config?.label === 'string' ? patch.config.label : name} has been saved`);
      onDone?.();
    } catch (error) {
      showFailure(toApiError(error));
    } finally {
      void utils.integrations.invalidate();
    }
  };

  return (
    <div>
      <ErrorList messages={errors} />
      <Form
        form={form}
        name={`account-${account?._id ?? NEW_ACCOUNT}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void save()}
        aria-label={`${name} settings`}
      >
        {fields.config.map((field) => (
          <IntegrationField key={field.key} field={field} group="config" />
        ))}
        {fields.secrets.map((field) => (
          <IntegrationField key={field.key} field={field} group="secrets" stored={account?.secrets[field.key]} />
        ))}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Save account
          </Button>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </Space>
      </Form>
    </div>
  );
}
