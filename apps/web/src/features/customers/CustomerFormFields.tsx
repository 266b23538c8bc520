import { CUSTOMER_TYPES, customerContract } from '@crm/domain';
import { Col, Input, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { CustomFieldInputs } from '../../kit/custom-fields/CustomFieldInputs';
import { useCustomFieldDefinitions } from '../../kit/custom-fields/useCustomFieldDefinitions';
import { blockNumberKeys } from '../../kit/form/blocked-keys';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { FilePickerField } from '../../kit/file-picker';
import { useFieldHidden } from '../../kit/form/useFieldHidden';
import { useCountries } from '../../kit/lookups/useGeoLookups';
import { phoneCodeOptions } from './phone-codes';

const Item = formItemOf(customerContract);
const HALF = { xs: 24, md: 12 };

/** The customer fields (docs/product.md 'Customers'); labels, rules and messages come from the contract. */
export function CustomerFormFields(_props: FormFieldsProps<typeof customerContract>) {
  const { countries, loading } = useCountries();
  const codes = useMemo(() => phoneCodeOptions(countries), [countries]);
  const customRules = useCustomFieldDefinitions('customer');
  // Email and phone are absent for an editor without VIEW_SENSITIVE_INFORMATION.
  const sensitiveHidden = useFieldHidden('email');
  return (
    <>
      <Item name="avatar" label="Profile Picture">
        {/* Picked in Storage, or uploaded there through the picker: an image of the asset, never a bare upload. */}
        <FilePickerField mode="image" category="customers" />
      </Item>
      <Row gutter={16}>
        <Col {...HALF}>
          <Item name="firstName">
            <Input autoComplete="off" />
          </Item>
        </Col>
        <Col {...HALF}>
          <Item name="lastName">
            <Input autoComplete="off" />
          </Item>
        </Col>
        {!sensitiveHidden && (
          <>
            <Col xs={24} md={8}>
              <Item name="phoneCode">
                <Select
                  aria-label="Phone Code"
                  placeholder="Code"
                  showSearch={{ optionFilterProp: 'search' }}
                  loading={loading}
                  options={codes}
                />
              </Item>
            </Col>
            <Col xs={24} md={16}>
              <Item name="phone" dependencies={['phoneCode']}>
                <Input inputMode="numeric" onKeyDown={blockNumberKeys} autoComplete="off" />
              </Item>
            </Col>
            <Col span={24}>
              <Item name="email">
                <Input type="email" autoComplete="off" />
              </Item>
            </Col>
          </>
        )}
        <Col xs={24} md={8}>
          <Item name="type">
            <Select aria-label="Type" options={CUSTOMER_TYPES.map((value) => ({ value, label: value }))} />
          </Item>
        </Col>
        <Col xs={12} md={8}>
          <Item name="enabled" valuePropName="checked">
            <Switch />
          </Item>
        </Col>
        <Col xs={12} md={8}>
          <Item name="doNotDisturb" valuePropName="checked">
            <Switch />
          </Item>
        </Col>
      </Row>
      <CustomFieldInputs rules={customRules} />
    </>
  );
}
