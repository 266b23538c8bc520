import { companyAssetContract } from '@crm/domain';
import { Input, Select } from 'antd';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(companyAssetContract);
// The zones and currencies the browser knows: the same lists the server checks against.
const TIMEZONES = Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone }));
const CURRENCIES = Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: code }));

/** An asset's name, timezone and currency; labels, rules and messages come from the contract. */
export function CompanyAssetFormFields(_props: FormFieldsProps<typeof companyAssetContract>) {
  return (
    <>
      <Item name="name">
        <Input autoComplete="off" maxLength={200} />
      </Item>
      <Item name="timezone">
        <Select options={TIMEZONES} showSearch aria-label="Timezone" />
      </Item>
      <Item name="currencyCode">
        <Select options={CURRENCIES} showSearch aria-label="Currency" />
      </Item>
    </>
  );
}
