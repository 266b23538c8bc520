import {
  type AssetProfileSettings,
  BasicSettingsInputSchema,
  type BasicSettingsInput,
  SETTINGS_LANGUAGE_LABELS,
  SETTINGS_LANGUAGES,
  SETTINGS_MESSAGES,
} from '@crm/domain';
import { App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { FilePickerField } from '../../kit/file-picker';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { SettingsPageFrame, useProfileSettings } from './useProfileSettings';
import { WorkingHoursField } from './WorkingHoursField';

// /settings/basic-settings: the active asset's company profile (name, logo from Storage, contact details, languages),
// currency, time zone and working days and hours (the lead SLA clock keeps to these: docs/leads.md 'Lead settings').

const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Asia/Dubai'];
const HALF = { xs: 24, md: 12 } as const;

const formValuesOf = (settings: AssetProfileSettings): BasicSettingsInput => ({
  ...settings.basic,
  languages: settings.basic.languages.filter((code): code is BasicSettingsInput['defaultLanguage'] =>
    (SETTINGS_LANGUAGES as readonly string[]).includes(code),
  ),
  defaultLanguage: (SETTINGS_LANGUAGES as readonly string[]).includes(settings.basic.defaultLanguage)
    ? (settings.basic.defaultLanguage as BasicSettingsInput['defaultLanguage'])
    : 'en',
  currencyCode: settings.currencyCode,
  timezone: settings.timezone,
  workingHours: settings.workingHours,
});

export function BasicSettingsPage() {
  const state = useProfileSettings();
  return (
    <SettingsPageFrame title="Basic Settings" state={state}>
      {(settings) => <BasicSettingsForm key={settings._id} settings={settings} save={state.saveBasic} />}
    </SettingsPageFrame>
  );
}

function BasicSettingsForm({ settings, save }: { settings: AssetProfileSettings; save: (values: BasicSettingsInput) => Promise<unknown> }) {
  const { message } = App.useApp();
  const { form, rules, errors, saving, formProps } = useCallForm({
    schema: BasicSettingsInputSchema,
    call: save,
    onDone: () => void message.success(SETTINGS_MESSAGES.basicSaved),
  });
  const languages = Form.useWatch('languages', form) ?? [];

  return (
    <Card style={{ maxWidth: 960 }}>
      <ErrorList messages={errors} />
      <Form<BasicSettingsInput> {...formProps} layout="vertical" initialValues={formValuesOf(settings)}>
        <Row gutter={16}>
          <Col {...HALF}>
            <Form.Item name="companyName" label="Company Name" rules={rules('companyName')}>
              <Input autoComplete="organization" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="logo" label="Logo">
              <FilePickerField mode="image" category="settings" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="email" label="Email" rules={rules('email')}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="phone" label="Phone" rules={rules('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="website" label="Website" rules={rules('website')}>
              <Input type="url" inputMode="url" placeholder="https://" autoComplete="url" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="address" label="Address" rules={rules('address')}>
              <Input autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item
              name="currencyCode"
              label="Currency"
              rules={rules('currencyCode')}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input maxLength={3} style={{ width: 120 }} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="timezone" label="Timezone" rules={rules('timezone')}>
              <Select showSearch options={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="languages" label="Languages" rules={rules('languages')}>
              <Select
                mode="multiple"
                options={SETTINGS_LANGUAGES.map((code) => ({ value: code, label: SETTINGS_LANGUAGE_LABELS[code] }))}
              />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="defaultLanguage" label="Default Language" dependencies={['languages']} rules={rules('defaultLanguage')}>
              <Select options={languages.map((code) => ({ value: code, label: SETTINGS_LANGUAGE_LABELS[code] }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="workingHours" label="Working Days and Hours" rules={rules('workingHours')}>
              <WorkingHoursField />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
