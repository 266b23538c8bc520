import {
  SYNC_INTERVAL_MINUTES,
  SYNC_MODULE_LABELS,
  SynchronizationInputSchema,
  fieldMessagesOf,
  integrationProviders,
  type IntegrationRecord,
  type SyncModule,
} from '@crm/domain';
import { Alert, App, Button, Checkbox, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { trpc } from '../../app/trpc';
import { type ApiError, toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

// "What it syncs and when" (docs/api.md 'Integrations'): the modules the provider synchronises (modules/{x}), whether
// they run on a schedule and how often, saved through PATCH synchronization/{x}; 'Run now' starts a run at once
// (its progress shows in the sync history). A provider not configured or switched off answers 409, shown as it is.

interface ScheduleValues {
  modules: SyncModule[];
  enabled: boolean;
  intervalMinutes: number;
}

export function SyncSchedule({ record }: { record: IntegrationRecord }) {
  const { message } = App.useApp();
  const provider = record.provider;
  const [form] = Form.useForm<ScheduleValues>();
  const utils = trpc.useUtils();
  const status = trpc.integrations.syncStatus.useQuery({ provider });
  const modules = trpc.integrations.modules.useQuery({ provider });
  const save = trpc.integrations.synchronization.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [errors, setErrors] = useState<string[]>([]);
  const schedule = status.data?.schedule;
  const available = integrationProviders[provider].syncModules;

  useEffect(() => {
    if (schedule) form.setFieldsValue({ modules: schedule.modules, enabled: schedule.enabled, intervalMinutes: schedule.intervalMinutes });
  }, [form, schedule]);

  const submit = async (runNow: boolean) => {
    setErrors([]);
    const values = form.getFieldsValue(true) as ScheduleValues;
    const input = { modules: values.modules ?? [], enabled: values.enabled ?? false, intervalMinutes: values.intervalMinutes, runNow };
    const parsed = SynchronizationInputSchema.safeParse(input);
    const fail = (error: ApiError) => setErrors(applyServerErrors(form, error));
    if (!parsed.success)
      return fail({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', data: fieldMessagesOf(parsed.error.issues) });
    try {
      const result = await save.mutateAsync({ provider, ...parsed.data });
      void message.success(result.run ? 'Run started: its progress shows in the sync history' : 'Schedule saved');
    } catch (error) {
      fail(toApiError(error));
    } finally {
      void utils.integrations.syncStatus.invalidate({ provider });
      void utils.integrations.modules.invalidate({ provider });
    }
  };

  return (
    <section aria-labelledby="integration-schedule-heading">
      <Typography.Title level={3} id="integration-schedule-heading">
        What it syncs and when
      </Typography.Title>
      {(status.error ?? modules.error) && <Alert type="error" showIcon message={toApiError(status.error ?? modules.error).message} />}
      <ErrorList messages={errors} />
      <Form
        form={form}
        name={`${provider}-schedule`}
        layout="vertical"
        aria-label={`${record.label} synchronisation`}
        onFinish={() => void submit(false)}
      >
        <Form.Item name="modules" label="What it syncs">
          <Checkbox.Group
            options={(modules.data?.modules.map((m) => m.module) ?? [...available]).map((module) => ({
              value: module,
              label: SYNC_MODULE_LABELS[module],
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label="Run on a schedule" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="intervalMinutes"
          label="Every (minutes)"
          extra={`From ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max} minutes.`}
        >
          {/* No min/max: a number out of range is named by the field's message rather than silently changed. */}
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Space wrap>
          <Button htmlType="submit" loading={save.isPending && !save.variables?.runNow}>
            Save schedule
          </Button>
          <Button onClick={() => void submit(true)} loading={save.isPending && save.variables?.runNow === true}>
            Run now
          </Button>
        </Space>
      </Form>
    </section>
  );
}
