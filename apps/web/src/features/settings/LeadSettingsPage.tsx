import {
  ASSIGNMENT_STRATEGIES,
  ASSIGNMENT_STRATEGY_LABELS,
  LEAD_SETTINGS_MESSAGES,
  LeadSettingsFormSchema,
  PRIMARY_CRM_LABELS,
  PRIMARY_CRMS,
  QUOTA_ACTION_LABELS,
  QUOTA_ACTIONS,
  type Asset,
  type AssetSettingsInput,
} from '@crm/domain';
import { Alert, App, Button, Card, Form, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { PageHeader } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';
import { NewLeadSlaPreview } from './NewLeadSlaPreview';
import { useActiveAssetSettings, useSaveAssetSettings } from './useActiveAssetSettings';

// /settings/lead-setting (docs/leads.md 'Lead settings'): the active asset's routing and SLA rules, saved through
// assets.updateSettings (PATCH /assets/{id}/settings); the preview shows what a lead created now would get.

type LeadSettingsForm = Required<
  Pick<
    AssetSettingsInput,
    | 'initialSlaMinutes'
    | 'freePoolSlaMinutes'
    | 'slaWorkingHoursOnly'
    | 'assignmentStrategy'
    | 'dailyLeadQuota'
    | 'quotaAction'
    | 'excludeTestAgents'
    | 'primaryCrm'
  >
>;

const formValuesOf = (asset: Asset): LeadSettingsForm => ({
  initialSlaMinutes: asset.initialSlaMinutes,
  freePoolSlaMinutes: asset.freePoolSlaMinutes,
  slaWorkingHoursOnly: asset.slaWorkingHoursOnly,
  assignmentStrategy: asset.assignmentStrategy,
  dailyLeadQuota: asset.dailyLeadQuota,
  quotaAction: asset.quotaAction,
  excludeTestAgents: asset.excludeTestAgents,
  primaryCrm: asset.primaryCrm,
});

export function LeadSettingsPage() {
  const { asset, isError } = useActiveAssetSettings();
  return (
    <>
      <PageHeader title="Lead Setting" />
      {asset === undefined && !isError ? <PageLoader /> : null}
      {isError || asset === null ? <Alert type="error" showIcon message="The asset's settings could not be loaded." /> : null}
      {asset ? <LeadSettingsEditor key={asset._id} asset={asset} /> : null}
    </>
  );
}

function LeadSettingsEditor({ asset }: { asset: Asset }) {
  const { message } = App.useApp();
  const save = useSaveAssetSettings();
  const { form, rules, errors, formProps } = useCallForm({
    schema: LeadSettingsFormSchema,
    call: (values: LeadSettingsForm) => save.mutateAsync({ id: asset._id, settings: values }),
    onDone: () => void message.success(LEAD_SETTINGS_MESSAGES.saved),
  });

  useEffect(() => form.setFieldsValue(formValuesOf(asset)), [asset, form]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            Routing and SLA
          </Typography.Title>
        }
      >
        <ErrorList messages={errors} />
        <Form<LeadSettingsForm> {...formProps} layout="vertical" initialValues={formValuesOf(asset)}>
          <Form.Item
            name="initialSlaMinutes"
            label="Initial SLA (minutes)"
            rules={rules('initialSlaMinutes')}
            extra="How long the assigned agent has to accept a new lead."
          >
            <InputNumber min={1} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="freePoolSlaMinutes"
            label="Free Pool SLA (minutes)"
            dependencies={['initialSlaMinutes']}
            rules={rules('freePoolSlaMinutes')}
            extra="How long an unaccepted lead stays in the lead pool before it goes to a manager."
          >
            <InputNumber min={1} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="slaWorkingHoursOnly"
            label="Count working hours only"
            valuePropName="checked"
            extra="The SLA clock stops outside the working days and hours of Basic Settings."
          >
            <Switch />
          </Form.Item>
          <Form.Item name="assignmentStrategy" label="Routing strategy" rules={rules('assignmentStrategy')}>
            <Select
              options={ASSIGNMENT_STRATEGIES.map((value) => ({ value, label: ASSIGNMENT_STRATEGY_LABELS[value] }))}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          <Form.Item
            name="dailyLeadQuota"
            label="Daily lead quota per agent"
            rules={rules('dailyLeadQuota')}
            extra="0 means no limit. While an agent's quota warning stands, manual SLA dates are not applied."
          >
            <InputNumber style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="quotaAction" label="At the quota" rules={rules('quotaAction')}>
            <Select options={QUOTA_ACTIONS.map((value) => ({ value, label: QUOTA_ACTION_LABELS[value] }))} style={{ maxWidth: 420 }} />
          </Form.Item>
          <Form.Item
            name="excludeTestAgents"
            label="Exclude test agents"
            valuePropName="checked"
            extra="Test agents receive no automatic leads and may not claim from the pool."
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="primaryCrm"
            label="Primary CRM"
            rules={rules('primaryCrm')}
            extra="Leads' Sync now pushes to it (or refreshes leads that came from it); members and offices sync with Goyzer or Engage."
          >
            <Select options={PRIMARY_CRMS.map((value) => ({ value, label: PRIMARY_CRM_LABELS[value] }))} style={{ maxWidth: 420 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      </Card>
      <NewLeadSlaPreview asset={asset} />
    </Space>
  );
}
