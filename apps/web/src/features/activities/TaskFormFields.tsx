import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, activityContract } from '@crm/domain';
import { Col, DatePicker, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { type AboutOptions, useCustomerOptions, useDealOptions, useLeadOptions } from './useAboutOptions';
import { useMemberOptions } from '../../kit/lookups/useMemberOptions';

const Item = formItemOf(activityContract);
const FORMAT = 'YYYY-MM-DD HH:mm';

/** The form holds the ISO moment the contract takes; the picker works in dayjs, in the browser's zone. */
const pickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const storedValue = (value: Dayjs | null | undefined) => (value ? value.second(0).millisecond(0).toISOString() : null);

function AboutSelect({ name, label, lookup }: { name: 'lead' | 'customer' | 'deal'; label: string; lookup: AboutOptions }) {
  if (!lookup.allowed) return null;
  return (
    <Col xs={24} md={8}>
      <Item name={name}>
        <Select
          aria-label={label}
          allowClear
          showSearch={{ filterOption: false, onSearch: lookup.onSearch }}
          loading={lookup.loading}
          options={lookup.options}
        />
      </Item>
    </Col>
  );
}

/** A new task: what, about which lead, customer or deal, whose, when, the reminder and notes (the contract's rules). */
export function TaskFormFields(_props: FormFieldsProps<typeof activityContract>) {
  const agents = useMemberOptions();
  const leads = useLeadOptions();
  const customers = useCustomerOptions();
  const deals = useDealOptions();
  return (
    <Row gutter={16}>
      <Col xs={24} md={16}>
        <Item name="subject">
          <Input aria-label="Subject" maxLength={300} />
        </Item>
      </Col>
      <Col xs={24} md={8}>
        <Item name="type">
          <Select aria-label="Type" options={ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }))} />
        </Item>
      </Col>
      <AboutSelect name="lead" label="Lead" lookup={leads} />
      <AboutSelect name="customer" label="Customer" lookup={customers} />
      <AboutSelect name="deal" label="Deal" lookup={deals} />
      <Col xs={24} md={8}>
        <Item name="agent">
          <Select
            aria-label="Agent"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={agents.loading}
            options={agents.options}
          />
        </Item>
      </Col>
      <Col xs={24} md={8}>
        <Item name="dueAt" getValueProps={pickerValue} normalize={storedValue}>
          <DatePicker aria-label="Due" style={{ width: '100%' }} format={FORMAT} showTime={{ format: 'HH:mm', minuteStep: 5 }} />
        </Item>
      </Col>
      <Col xs={24} md={8}>
        <Item name="reminderAt" getValueProps={pickerValue} normalize={storedValue}>
          <DatePicker aria-label="Reminder" style={{ width: '100%' }} format={FORMAT} showTime={{ format: 'HH:mm', minuteStep: 5 }} />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="notes">
          <Input.TextArea aria-label="Notes" rows={3} />
        </Item>
      </Col>
    </Row>
  );
}
