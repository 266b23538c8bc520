import { CUSTOMER_TYPES, customerContract, populated } from '@crm/domain';
import { Col, Input, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { blockNumberKeys } from '../../kit/form/blocked-keys';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';
import { useFieldHidden } from '../../kit/form/useFieldHidden';
import { useCountries } from '../../kit/lookups/useGeoLookups';
import { AvatarUpload } from './AvatarUpload';
import { phoneCodeOptions } from './phone-codes';

const Item = formItemOf(customerContract);
const HALF = { xs: 24, md: 12 };

/** The customer fields (docs/product.md 'Customers'); labels, rules and messages come from the contract. */
export function CustomerFormFields({ record }: FormFieldsProps<typeof customerContract>) {
  const { countries, loading } = useCountries();
  const codes = useMemo(() => phoneCodeOptions(countries), [countries]);
  // Email and phone are absent for an editor without VIEW_SENSITIVE_INFORMATION.
  const sensitiveHidden = useFieldHidden('email');
  return (
    <>
      <Item name="avatar" label="Profile Picture">
        <AvatarUpload initialUrl={populated(record?.avatar)?.file ?? undefined} />
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
    </>
  );
}
