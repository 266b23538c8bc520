import {
  COMPLETION_STATUSES,
  FURNISHINGS,
  LISTING_PURPOSES,
  LISTING_TEXT as T,
  listingContract,
  RENT_FREQUENCIES,
  UNIT_TYPES,
} from '@crm/domain';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { formItemOf } from '../../../kit/form/ResourceFormItem';
import { FormSection } from './FormSection';

const Item = formItemOf(listingContract);
const HALF = { xs: 24, md: 12 };
const QUARTER = { xs: 12, md: 6 };
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const ARABIC = { dir: 'rtl', lang: 'ar' } as const;

/** Reference, texts in English and Arabic, purpose (and a rent's frequency), unit, price, size and rooms. */
export function ListingDetailsSection() {
  const purpose = Form.useWatch('leadType');
  return (
    <FormSection title={T.sections.details}>
      <Row gutter={16}>
        <Col {...HALF}>
          <Item name="reference">
            <Input autoComplete="off" />
          </Item>
        </Col>
        <Col {...QUARTER}>
          <Item name="leadType">
            <Select options={options(LISTING_PURPOSES)} />
          </Item>
        </Col>
        <Col {...QUARTER}>
          {purpose === 'Rent' && (
            <Item name="rentFrequency">
              <Select allowClear options={options(RENT_FREQUENCIES)} placeholder="Yearly" />
            </Item>
          )}
        </Col>
        <Col {...HALF}>
          <Item name="title">
            <Input />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="titleAr">
            <Input {...ARABIC} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="description">
            <Input.TextArea rows={4} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="descriptionAr">
            <Input.TextArea rows={4} {...ARABIC} />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="unitType">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options(UNIT_TYPES)} />
          </Item>
        </Col>
        <Col {...QUARTER}>
          <Item name="completionStatus">
            <Select allowClear options={options(COMPLETION_STATUSES)} />
          </Item>
        </Col>
        <Col {...QUARTER}>
          <Item name="furnishing">
            <Select allowClear options={options(FURNISHINGS)} />
          </Item>
        </Col>
        <Col {...QUARTER}>
          <Item name="price">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Item>
        </Col>
        <Col {...QUARTER}>
          <Item name="size">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Item>
        </Col>
        <Col xs={8} md={4}>
          <Item name="bedrooms">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Item>
        </Col>
        <Col xs={8} md={4}>
          <Item name="bathrooms">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Item>
        </Col>
        <Col xs={8} md={4}>
          <Item name="parking">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Item>
        </Col>
      </Row>
    </FormSection>
  );
}
