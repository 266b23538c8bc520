import { viewingContract } from '@crm/domain';
import { Col, DatePicker, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormFieldsProps } from '../../../kit/form/form-spec';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import { useTeamMembers } from '../form/hooks/useTeamMembers';

const Item = formItemOf(viewingContract);
const FORMAT = 'YYYY-MM-DD HH:mm';

/** The form holds the ISO moment the contract takes; the picker works in dayjs, in the browser's zone. */
const pickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const storedValue = (value: Dayjs | null | undefined) => (value ? value.second(0).millisecond(0).toISOString() : null);

/** When, how long, who and what to remember; labels, rules and messages from the viewing contract. */
export function ViewingFormFields(_props: FormFieldsProps<typeof viewingContract>) {
  const team = useTeamMembers();
  const agents = team.members.filter((member) => member.enabled).map((member) => ({ value: member._id, label: member.name }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Item name="startsAt" label="Date and time" getValueProps={pickerValue} normalize={storedValue}>
          <DatePicker aria-label="Date and time" style={{ width: '100%' }} format={FORMAT} showTime={{ format: 'HH:mm', minuteStep: 5 }} />
        </Item>
      </Col>
      <Col xs={24} md={12}>
        <Item name="durationMinutes" extra="Empty: the default of the viewing settings.">
          <InputNumber aria-label="Duration (minutes)" min={5} max={480} precision={0} style={{ width: '100%' }} />
        </Item>
      </Col>
      <Col xs={24} md={12}>
        <Item name="agent">
          <Select aria-label="Agent" showSearch={{ optionFilterProp: 'label' }} loading={team.loading} options={agents} />
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
