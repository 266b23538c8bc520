import { developerContract } from '@crm/domain';
import { Col, Input, Row } from 'antd';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { FilePickerField } from '../../kit/file-picker';

const Item = formItemOf(developerContract);
const HALF = { xs: 24, md: 12 };

/** The developer's fields; labels, rules and messages come from the contract. */
export function DeveloperFormFields(_props: FormFieldsProps<typeof developerContract>) {
  return (
    <Row gutter={16}>
      <Col {...HALF}>
        <Item name="name">
          <Input autoComplete="off" />
        </Item>
      </Col>
      <Col {...HALF}>
        <Item name="website">
          <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="logo">
          <FilePickerField mode="image" category="developers" />
        </Item>
      </Col>
      <Col span={24}>
        <Item name="description">
          <Input.TextArea rows={5} />
        </Item>
      </Col>
    </Row>
  );
}
