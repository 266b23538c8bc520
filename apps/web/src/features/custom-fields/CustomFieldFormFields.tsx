import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_FIELD_KIND_LABELS,
  CUSTOM_FIELD_KINDS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
  customFieldContract,
  hasOptions,
  MESSAGES,
} from '@crm/domain';
import { Button, Col, Descriptions, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(customFieldContract);
const CF = MESSAGES.customField;
const KIND_OPTIONS = CUSTOM_FIELD_KINDS.map((kind) => ({ value: kind, label: CUSTOM_FIELD_KIND_LABELS[kind] }));
const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: CUSTOM_FIELD_TYPE_LABELS[type] }));

/** The options of a select, one input each, added and removed in place. */
function OptionsEditor() {
  return (
    <Form.List name="options">
      {(items, { add, remove }) => (
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{customFieldContract.fields.options.label}</legend>
          {items.map((item, index) => (
            <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item {...item} rules={[{ required: true, whitespace: true, message: MESSAGES.record.required('Option') }]}>
                <Input aria-label={CF.optionLabel(index + 1)} autoComplete="off" maxLength={100} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={CF.removeOption(String(index + 1))}
                onClick={() => remove(item.name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('')}>
            {CF.addOption}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

/** A field's definition; on update its kind and key are shown, not edited. */
export function CustomFieldFormFields({ mode, record }: FormFieldsProps<typeof customFieldContract>) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as CustomFieldType | undefined;
  const selects = type !== undefined && hasOptions(type);
  useEffect(() => {
    if (type !== undefined && !hasOptions(type)) form.setFieldValue('options', []);
  }, [form, type]);
  return (
    <Row gutter={16}>
      {mode === 'create' ? (
        <>
          <Col xs={24} md={12}>
            <Item name="kind">
              <Select aria-label="Record" options={KIND_OPTIONS} />
            </Item>
          </Col>
          <Col xs={24} md={12}>
            <Item name="key" extra={CF.keyFormat}>
              <Input autoComplete="off" maxLength={50} />
            </Item>
          </Col>
        </>
      ) : (
        <Col span={24}>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'kind', label: 'Record', children: record ? CUSTOM_FIELD_KIND_LABELS[record.kind] : '' },
              { key: 'key', label: 'Key', children: record?.key ?? '' },
            ]}
          />
        </Col>
      )}
      <Col xs={24} md={12}>
        <Item name="label">
          <Input autoComplete="off" maxLength={100} />
        </Item>
      </Col>
      <Col xs={24} md={12}>
        <Item name="type">
          <Select aria-label="Type" options={TYPE_OPTIONS} />
        </Item>
      </Col>
      {selects ? (
        <Col span={24}>
          <OptionsEditor />
        </Col>
      ) : null}
      <Col xs={12}>
        <Item name="required" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
      <Col xs={12}>
        <Item name="enabled" valuePropName="checked">
          <Switch />
        </Item>
      </Col>
    </Row>
  );
}
