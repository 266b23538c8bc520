import { canEditSlaManually, isSlaDateSelectable, PERMISSIONS, SLA_DATE_FORMAT } from '@crm/domain';
import { Col, DatePicker, Form, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { LeadFormController } from '../hooks/useLeadFormController';
import { leadRules } from '../lead-form-rules';
import type { LeadFormField } from '../lead-form-values';
import { useCan } from '../../../../kit/session/useCan';

/** The form holds wall-time strings (what the schema and toLeadPayload read); the picker works in dayjs. */
const pickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const storedValue = (value: Dayjs | null | undefined) => (value ? value.format(SLA_DATE_FORMAT) : null);
/** Past days cannot be picked. */
const pastDay = (day: Dayjs) => !isSlaDateSelectable(day.toDate(), new Date());

function SlaPicker({ field, label, disabled }: { field: LeadFormField; label: string; disabled: boolean }) {
  const other: LeadFormField = field === 'initialSlaEndDate' ? 'freePoolSlaEndDate' : 'initialSlaEndDate';
  return (
    <Form.Item
      name={field}
      label={label}
      required={!disabled}
      rules={leadRules(field)}
      dependencies={[other]}
      getValueProps={pickerValue}
      normalize={storedValue}
    >
      <DatePicker
        aria-label={label}
        style={{ width: '100%' }}
        disabled={disabled}
        format={SLA_DATE_FORMAT}
        disabledDate={pastDay}
        showTime={{ defaultOpenValue: dayjs().startOf('day') }}
      />
    </Form.Item>
  );
}

/**
 * Automatic SLA (the default) or dates set by hand: only with LEAD_UPDATE_SLA, no quota warning and not for a
 * spam/external customer. The date rules apply only to manual dates (the schema checks them only then).
 */
export function SlaSection({ controller }: { controller: LeadFormController }) {
  const can = useCan();
  const autoSla = Form.useWatch<boolean | undefined>('setAutoSLADetails') !== false;
  const mayEdit = canEditSlaManually({
    canUpdateSla: can([PERMISSIONS.LEAD_UPDATE_SLA]),
    limitsWarning: controller.limitsWarning,
    spamOrExternal: controller.spamOrExternal,
  });
  const pickersDisabled = autoSla || !mayEdit;
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="setAutoSLADetails" label="Auto SLA" valuePropName="checked">
          <Switch disabled={!mayEdit} />
        </Form.Item>
      </Col>
      <Col xs={24} md={9}>
        <SlaPicker field="initialSlaEndDate" label="Initial SLA End Date" disabled={pickersDisabled} />
      </Col>
      <Col xs={24} md={9}>
        <SlaPicker field="freePoolSlaEndDate" label="Free Pool SLA End Date" disabled={pickersDisabled} />
      </Col>
    </Row>
  );
}
