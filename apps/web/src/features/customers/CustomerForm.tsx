import { CUSTOMER_TYPES, CustomerFormSchema } from '@crm/domain';
import { Button, Col, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useMemo } from 'react';
import { ErrorList } from '../../kit/form/ErrorList';
import { zodRules } from '../../kit/form/zod-rules';
import { useCountries } from '../../kit/lookups/useGeoLookups';
import { blockNumberKeys } from '../../kit/form/blocked-keys';
import { AvatarUpload } from './AvatarUpload';
import { phoneCodeOptions, type CustomerFormDraft, type CustomerFormField } from './customer-form-values';

interface CustomerFormProps {
  initialValues: CustomerFormDraft;
  /** Email, phone code and phone are left out for an editor without VIEW_SENSITIVE_INFORMATION. */
  showSensitive: boolean;
  avatarUrl?: string | undefined;
  errors: readonly string[];
  saving: boolean;
  onSave: (values: CustomerFormDraft) => void;
  onCancel: () => void;
}

const rules = (field: CustomerFormField) => zodRules(CustomerFormSchema, field);
const HALF = { xs: 24, md: 12 };

/** The customer fields with their rules and messages (docs/product.md 'Customers'). */
export function CustomerForm({ initialValues, showSensitive, avatarUrl, errors, saving, onSave, onCancel }: CustomerFormProps) {
  const [form] = Form.useForm<CustomerFormDraft>();
  const { countries, loading } = useCountries();
  const codes = useMemo(() => phoneCodeOptions(countries), [countries]);
  return (
    <Form<CustomerFormDraft>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => onSave(form.getFieldsValue(true))}
      scrollToFirstError
    >
      <ErrorList messages={errors} />
      <Form.Item name="avatar" label="Profile Picture">
        <AvatarUpload initialUrl={avatarUrl} />
      </Form.Item>
      <Row gutter={16}>
        <Col {...HALF}>
          <Form.Item name="firstName" label="First Name" rules={rules('firstName')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="lastName" label="Last Name">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        {showSensitive && (
          <>
            <Col xs={24} md={8}>
              <Form.Item name="phoneCode" label="Phone Code" rules={rules('phoneCode')}>
                <Select
                  aria-label="Phone Code"
                  placeholder="Code"
                  showSearch={{ optionFilterProp: 'search' }}
                  loading={loading}
                  options={codes}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="phone" label="Phone" rules={rules('phone')} dependencies={['phoneCode']}>
                <Input inputMode="numeric" onKeyDown={blockNumberKeys} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="email" label="Email" rules={rules('email')}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={8}>
          <Form.Item name="type" label="Type" rules={rules('type')}>
            <Select aria-label="Type" options={CUSTOMER_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="enabled" label="Enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="doNotDisturb" label="Do Not Disturb" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </Form>
  );
}
