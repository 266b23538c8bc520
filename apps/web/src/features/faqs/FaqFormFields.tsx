import { ALL_ROWS_LIMIT, FAQ_MAX_ORDER, faqContract } from '@crm/domain';
import { Col, Input, InputNumber, Row, Select, Switch } from 'antd';
import { trpc } from '../../app/trpc';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(faqContract);

/** The question's fields; labels, rules and messages come from the contract. */
export function FaqFormFields(_props: FormFieldsProps<typeof faqContract>) {
  const categories = trpc.faqCategories.list.useQuery({ filter: { limit: ALL_ROWS_LIMIT, select: ['name'], sort: { name: 1 } } });
  const options = (categories.data?.data ?? []).map((category) => ({ value: category._id, label: category.name ?? '' }));
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Item name="question">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="answer">
          <Input.TextArea rows={5} />
        </Item>
      </Col>
      <Col xs={24} md={12}>
        <Item name="category">
          <Select
            aria-label="Category"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={categories.isFetching}
            options={options}
          />
        </Item>
      </Col>
      <Col xs={12} md={6}>
        <Item name="order">
          <InputNumber aria-label="Order" min={0} max={FAQ_MAX_ORDER} precision={0} style={{ width: '100%' }} />
        </Item>
      </Col>
      <Col xs={12} md={6}>
        <Item name="enabled" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
    </Row>
  );
}
