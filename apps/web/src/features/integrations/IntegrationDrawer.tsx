import {
  INTEGRATION_KINDS,
  integrationProviders,
  isMultiAccountProvider,
  type IntegrationRecord,
  type IntegrationTestResult,
} from '@crm/domain';
import { Alert, App, Button, Divider, Form, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { type ApiError, toApiError } from '../../kit/api/api-error';
import { DetailDrawer } from '../../kit/detail/DetailDrawer';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors, firstErrorField } from '../../kit/form/form-errors';
import { CopyField } from './CopyField';
import { FeedUrls } from './FeedUrls';
import { IntegrationField } from './IntegrationField';
import { ProviderAccounts } from './ProviderAccounts';
import { SyncHistory } from './SyncHistory';
import { SyncSchedule } from './SyncSchedule';
import { formFieldsOf, toFormValues, toPatchBody, validatePatch, type IntegrationFormValues } from './integration-form-values';
import { STATUS_TAGS } from './integration-status';
import { ProviderLookups } from './ProviderLookups';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

// One provider's settings (docs/api.md 'Integrations'): the switch, its config and credentials drawn from its zod
// schemas (a provider connected several times: its accounts, each with its own), 'Test connection' with the outcome,
// the webhook and feed addresses to copy into the provider's console, what it syncs and when, and its sync history.

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
      {record && <IntegrationPanels key={record.provider} record={record} />}
    </DetailDrawer>
  );
}

const ACCOUNT_POLL_MS = 3000;

/** The drawer's sections, each shown where the provider has it. */
function IntegrationPanels({ record }: { record: IntegrationRecord }) {
  const multi = isMultiAccountProvider(record.provider);
  // An account just saved is set up by a job (its webhooks subscribed): read again until each says how that went.
  const accounts = trpc.integrations.accounts.useQuery(
    { provider: record.provider },
    {
      enabled: multi,
      refetchInterval: (query) =>
        record.enabled && query.state.data?.some((a) => a.status !== 'not_configured' && !a.webhookEvents.length && !a.webhookError)
          ? ACCOUNT_POLL_MS
          : false,
    },
  );
  const syncs = integrationProviders[record.provider].syncModules.length > 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <IntegrationSettings record={record} multi={multi} />
      {multi && (
        <>
          <Divider />
          {accounts.error ? (
            <Alert type="error" showIcon message={toApiError(accounts.error).message} />
          ) : (
            <ProviderAccounts record={record} accounts={accounts.data ?? []} />
          )}
        </>
      )}
      {record.feedUrls.length > 0 && (
        <>
          <Divider />
          <FeedUrls record={record} />
        </>
      )}
      {syncs && (
        <>
          <Divider />
          <SyncSchedule record={record} />
          <SyncHistory provider={record.provider} accounts={accounts.data ?? []} />
        </>
      )}
    </Space>
  );
}

function IntegrationSettings({ record, multi }: { record: IntegrationRecord; multi: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<IntegrationFormValues>();
  const utils = trpc.useUtils();
  const update = trpc.integrations.update.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const test = trpc.integrations.test.useMutation({ meta: SCREEN_SHOWS_ERROR });
  // A provider connected several times keeps its settings on its accounts: this form is only its switch.
  const fields = useMemo(() => (multi ? { config: [], secrets: [] } : formFieldsOf(record.provider)), [record.provider, multi]);
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
    const values = form.getFieldsValue(true);
    // A provider connected several times saves only its switch here: its accounts save their own settings.
    const body = multi ? { enabled: Boolean(values.enabled) } : toPatchBody(values, fields.config);
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
        {fields.config.length > 0 && <Typography.Title level={3}>Settings</Typography.Title>}
        {fields.config.map((field) => (
          <IntegrationField key={field.key} field={field} group="config" />
        ))}
        {fields.secrets.length > 0 && <Typography.Title level={3}>Credentials</Typography.Title>}
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
      {record.webhookUrl && !multi && (
        <div>
          <Typography.Title level={3}>Webhook</Typography.Title>
          <CopyField
            id="integration-webhook-url"
            label="Webhook URL"
            value={record.webhookUrl}
            buttonText="Copy webhook URL"
            copiedMessage="Webhook URL copied"
          />
        </div>
      )}
      <ProviderLookups record={record} />
    </Space>
  );
}
