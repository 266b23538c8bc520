import { INTEGRATION_KINDS, type IntegrationRecord, type IntegrationTestResult } from '@crm/domain';
import { Alert, App, Button, Form, Input, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { type ApiError, toApiError } from '../../kit/api/api-error';
import { DetailDrawer } from '../../kit/detail/DetailDrawer';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors, firstErrorField } from '../../kit/form/form-errors';
import { IntegrationField } from './IntegrationField';
import { formFieldsOf, toFormValues, toPatchBody, validatePatch, type IntegrationFormValues } from './integration-form-values';
import { STATUS_TAGS } from './integration-status';
import { ProviderLookups } from './ProviderLookups';

// One provider's settings (docs/api.md 'Integrations'): the switch, its config and credentials drawn from its zod
// schemas, 'Test connection' with the outcome, and the webhook address to copy into the provider's console.

interface IntegrationDrawerProps {
  record: IntegrationRecord | null;
  onClose: () => void;
}

export function IntegrationDrawer({ record, onClose }: IntegrationDrawerProps) {
  return (
    <DetailDrawer
      title={record ? `${record.label} integration` : ''}
      open={record !== null}
      onClose={onClose}
      size="50%"
      testId="integration-drawer"
    >
      {record && <IntegrationSettings key={record.provider} record={record} />}
    </DetailDrawer>
  );
}

function IntegrationSettings({ record }: { record: IntegrationRecord }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<IntegrationFormValues>();
  const utils = trpc.useUtils();
  const update = trpc.integrations.update.useMutation();
  const test = trpc.integrations.test.useMutation();
  const fields = useMemo(() => formFieldsOf(record.provider), [record.provider]);
  const initialValues = useMemo(() => toFormValues(record, fields.config), [record, fields.config]);
  const [errors, setErrors] = useState<string[]>([]);
  const [result, setResult] = useState<IntegrationTestResult | null>(null);
  const canTest = record.capabilities.includes('connection-test');
  const status = STATUS_TAGS[record.status];

  // The browser's own check answers exactly as the server's 400 would, so both go onto the form the same way.
  const showErrors = (data: Record<string, string[]>) =>
    showFailure({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', data });
  const showFailure = (error: ApiError) => {
    setErrors(applyServerErrors(form, error));
    const first = firstErrorField(form);
    if (first) form.scrollToField(first, { focus: true });
  };

  const save = async () => {
    setErrors([]);
    const body = toPatchBody(form.getFieldsValue(true), fields.config);
    const invalid = validatePatch(record.provider, body);
    if (invalid) return showErrors(invalid);
    try {
      await update.mutateAsync({ provider: record.provider, patch: body });
      for (const field of fields.secrets) {
        form.setFieldValue(['secrets', field.key], undefined);
        form.setFieldValue(['clear', field.key], false);
      }
      void message.success(`${record.label} has been updated successfully`);
    } catch (error) {
      showFailure(toApiError(error));
    } finally {
      void utils.integrations.invalidate();
    }
  };

  const runTest = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync({ provider: record.provider }));
    } catch (error) {
      setResult({ ok: false, latencyMs: 0, detail: toApiError(error).message });
    } finally {
      void utils.integrations.invalidate();
    }
  };

  const copyWebhook = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success('Webhook URL copied');
    } catch {
      void message.error('The browser did not allow copying: select the address and copy it');
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Tag color={status.color}>{status.text}</Tag>
        <Typography.Text type="secondary">{INTEGRATION_KINDS[record.kind]}</Typography.Text>
        {record.lastTestedAt && (
          <Typography.Text type="secondary">Last tested {new Date(record.lastTestedAt).toLocaleString()}</Typography.Text>
        )}
      </Space>
      {record.lastError && <Alert type="warning" showIcon message={`Last error: ${record.lastError}`} />}
      <ErrorList messages={errors} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void save()}
        aria-label={`${record.label} settings`}
      >
        <Form.Item name="enabled" label="Enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Typography.Title level={3}>Settings</Typography.Title>
        {fields.config.map((field) => (
          <IntegrationField key={field.key} field={field} group="config" />
        ))}
        <Typography.Title level={3}>Credentials</Typography.Title>
        {fields.secrets.map((field) => (
          <IntegrationField key={field.key} field={field} group="secrets" stored={record.secrets[field.key]} />
        ))}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Save
          </Button>
          {canTest && (
            <Button onClick={() => void runTest()} loading={test.isPending}>
              Test connection
            </Button>
          )}
        </Space>
      </Form>
      {result && (
        <Alert
          role="status"
          type={result.ok ? 'success' : 'error'}
          showIcon
          message={result.ok ? `Connected in ${result.latencyMs} ms` : 'Connection failed'}
          description={result.detail}
        />
      )}
      {record.webhookUrl && (
        <div>
          <Typography.Title level={3}>Webhook</Typography.Title>
          <label htmlFor="integration-webhook-url">Webhook URL</label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="integration-webhook-url" readOnly value={record.webhookUrl} />
            <Button onClick={() => void copyWebhook(record.webhookUrl ?? '')}>Copy webhook URL</Button>
          </Space.Compact>
        </div>
      )}
      <ProviderLookups record={record} />
    </Space>
  );
}
