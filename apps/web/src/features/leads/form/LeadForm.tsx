import { PERMISSIONS, populated } from '@crm/domain';
import { Button, Card, Form, Space } from 'antd';
import { useMemo } from 'react';
import { customerOptionOf } from './customer-option';
import { useLeadFormController, type LeadFormMode } from './hooks/useLeadFormController';
import { useLeadSubmit } from './hooks/useLeadSubmit';
import { lockedLeadFields, type LeadFormDraft } from './lead-form-values';
import { AssignmentSection } from './sections/AssignmentSection';
import { CustomerSection } from './sections/CustomerSection';
import { LeadDetailsSection } from './sections/LeadDetailsSection';
import { LeadTypeSection } from './sections/LeadTypeSection';
import { RequirementsSection } from './sections/RequirementsSection';
import { SlaSection } from './sections/SlaSection';
import { UtmSection } from './sections/UtmSection';
import { useCan } from '../../../kit/session/useCan';
import { CustomFieldInputs } from '../../../kit/custom-fields/CustomFieldInputs';
import { useCustomFieldDefinitions } from '../../../kit/custom-fields/useCustomFieldDefinitions';
import { useGoBack } from '../../../kit/navigation/useGoBack';
import type { LeadRecord } from '../report/lead-row';

interface LeadFormProps {
  mode: LeadFormMode;
  initialValues: LeadFormDraft;
  /** The stored lead (Update Lead page). */
  lead?: LeadRecord | undefined;
}

const CARD = { style: { marginBottom: 16 } } as const;

/** The Create Lead and Update Lead form (docs/product.md 'Lead form'), one card per section. */
export function LeadForm({ mode, initialValues, lead }: LeadFormProps) {
  const [form] = Form.useForm<LeadFormDraft>();
  const can = useCan();
  const goBack = useGoBack();
  const locked = useMemo(() => lockedLeadFields(lead), [lead]);
  const initialCustomer = useMemo(() => {
    const stored = populated(lead?.customer);
    return stored ? customerOptionOf(stored) : null;
  }, [lead]);
  const currentListing = useMemo(() => populated(lead?.listing) ?? undefined, [lead]);
  const controller = useLeadFormController({ form, mode, initialCustomer });
  const { submit, saving } = useLeadSubmit({ form, mode, leadId: lead?._id });
  const customRules = useCustomFieldDefinitions('lead');
  const maySave = can([mode === 'create' ? PERMISSIONS.LEAD_ADD : PERMISSIONS.LEAD_UPDATE]);

  return (
    <Form<LeadFormDraft>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={controller.onValuesChange}
      onFinish={() => void submit()}
      scrollToFirstError={{ block: 'center', behavior: 'smooth', focus: true }}
      requiredMark
    >
      <Card title="Lead" {...CARD}>
        <CustomerSection controller={controller} leadId={mode === 'update' ? lead?._id : undefined} locked={locked.has('customer')} />
        <LeadTypeSection controller={controller} locked={locked} currentListing={currentListing} />
      </Card>
      <Card title="Lead Details" {...CARD}>
        <LeadDetailsSection locked={locked} />
        <UtmSection />
      </Card>
      <Card title="Requirements" {...CARD}>
        <RequirementsSection />
      </Card>
      <Card title="Assignment" {...CARD}>
        <AssignmentSection controller={controller} mode={mode} />
      </Card>
      <Card title="SLA" {...CARD}>
        <SlaSection controller={controller} />
      </Card>
      {customRules.length > 0 && (
        <Card title="Custom Fields" {...CARD}>
          <CustomFieldInputs rules={customRules} />
        </Card>
      )}
      <Space>
        {maySave && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {mode === 'create' ? 'Create Lead' : 'Update Lead'}
          </Button>
        )}
        <Button onClick={goBack}>Cancel</Button>
      </Space>
    </Form>
  );
}
