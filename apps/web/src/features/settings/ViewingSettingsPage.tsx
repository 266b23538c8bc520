import { type AssetProfileSettings, SETTINGS_MESSAGES, type ViewingSettings, ViewingSettingsSchema } from '@crm/domain';
import { App, Button, Card, Form, InputNumber, Select } from 'antd';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { SettingsPageFrame, useProfileSettings } from './useProfileSettings';

// /settings/viewing-setting: how long a viewing lasts by default, when its reminders go out, and how long after it
// the feedback request is sent.

const REMINDER_CHOICES = [15, 30, 60, 120, 180, 1440, 2880];
const reminderLabel = (minutes: number) =>
  minutes % 1440 === 0
    ? `${minutes / 1440} day(s) before`
    : minutes % 60 === 0
      ? `${minutes / 60} hour(s) before`
      : `${minutes} minutes before`;

export function ViewingSettingsPage() {
  const state = useProfileSettings();
  return (
    <SettingsPageFrame title="Viewing Setting" state={state}>
      {(settings) => <ViewingSettingsForm key={settings._id} settings={settings} save={state.saveViewing} />}
    </SettingsPageFrame>
  );
}

function ViewingSettingsForm({ settings, save }: { settings: AssetProfileSettings; save: (values: ViewingSettings) => Promise<unknown> }) {
  const { message } = App.useApp();
  const { rules, errors, saving, formProps } = useCallForm({
    schema: ViewingSettingsSchema,
    call: save,
    onDone: () => void message.success(SETTINGS_MESSAGES.viewingSaved),
  });
  const choices = [...new Set([...REMINDER_CHOICES, ...settings.viewing.reminderMinutesBefore])].sort((a, b) => a - b);

  return (
    <Card style={{ maxWidth: 720 }}>
      <ErrorList messages={errors} />
      <Form<ViewingSettings> {...formProps} layout="vertical" initialValues={settings.viewing}>
        <Form.Item name="defaultDurationMinutes" label="Default Duration (minutes)" rules={rules('defaultDurationMinutes')}>
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="reminderMinutesBefore"
          label="Reminders"
          rules={rules('reminderMinutesBefore')}
          extra="Sent to the agent and the customer before the viewing."
        >
          <Select mode="multiple" options={choices.map((minutes) => ({ value: minutes, label: reminderLabel(minutes) }))} />
        </Form.Item>
        <Form.Item
          name="feedbackDelayHours"
          label="Feedback Request Delay (hours)"
          rules={rules('feedbackDelayHours')}
          extra="How long after the viewing the customer is asked for feedback."
        >
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="reviewLinkDays"
          label="Review Link Lifetime (days)"
          rules={rules('reviewLinkDays')}
          extra="How long the feedback mail's link to the review page may be used."
        >
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
