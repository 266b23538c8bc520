import { QUALIFICATION_CATEGORIES, qualificationReviewContract } from '@crm/domain';
import { Col, Input, Row, Select } from 'antd';
import type { FormFieldsProps } from '../../../kit/form/form-spec';
import { formItemOf } from '../../../kit/form/ResourceFormItem';

const Item = formItemOf(qualificationReviewContract);
const RATINGS = [0, 1, 2, 3, 4, 5].map((value) => ({ value, label: value === 0 ? '0 (unresponsive)' : String(value) }));
const CATEGORIES = QUALIFICATION_CATEGORIES.map((value) => ({ value, label: value }));
const STATUSES = ['Pending', 'Completed'].map((value) => ({ value, label: value }));

/** Rating, category, feedback and status; labels, rules and messages from the qualification review contract. */
export function QualificationReviewFields(_props: FormFieldsProps<typeof qualificationReviewContract>) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Item name="rating">
          <Select aria-label="Rating" options={RATINGS} allowClear />
        </Item>
      </Col>
      <Col xs={24} md={8}>
        <Item name="category">
          <Select aria-label="Category" options={CATEGORIES} allowClear />
        </Item>
      </Col>
      <Col xs={24} md={8}>
        <Item name="status">
          <Select aria-label="Status" options={STATUSES} allowClear />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="feedback" extra="Empty with a rating of 0 or the category Unresponsive: reads 'Unresponsive'.">
          <Input.TextArea aria-label="Feedback" rows={3} />
        </Item>
      </Col>
    </Row>
  );
}
