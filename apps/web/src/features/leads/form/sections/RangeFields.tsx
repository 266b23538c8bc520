import type { RangeQuantity } from '@crm/domain';
import { Col, Form, InputNumber, Row } from 'antd';
import { leadRules } from '../lead-form-rules';
import type { LeadFormField } from '../lead-form-values';
import { blockNumberKeys } from '../../../../kit/form/blocked-keys';

const PAIRS: Record<RangeQuantity, { min: LeadFormField; max: LeadFormField; title: string; step: number }> = {
  bedrooms: { min: 'minBedroom', max: 'maxBedroom', title: 'Bedrooms', step: 1 },
  bathrooms: { min: 'minBathrooms', max: 'maxBathrooms', title: 'Bathrooms', step: 1 },
  budget: { min: 'minBudget', max: 'maxBudget', title: 'Budget', step: 1000 },
};

/** A min/max pair; each side re-checks when the other changes (min may not exceed max). */
export function RangeFields({ quantity, required }: { quantity: RangeQuantity; required: boolean }) {
  const pair = PAIRS[quantity];
  const input = (field: LeadFormField, label: string) => (
    <Col span={12}>
      <Form.Item
        name={field}
        label={label}
        required={required}
        rules={leadRules(field)}
        dependencies={[field === pair.min ? pair.max : pair.min]}
      >
        <InputNumber aria-label={label} style={{ width: '100%' }} onKeyDown={blockNumberKeys} step={pair.step} />
      </Form.Item>
    </Col>
  );
  return (
    <Col xs={24} md={8}>
      <Row gutter={8}>
        {input(pair.min, `Min ${pair.title}`)}
        {input(pair.max, `Max ${pair.title}`)}
      </Row>
    </Col>
  );
}
