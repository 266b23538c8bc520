import { faqCategoryContract } from '@crm/domain';
import { Input } from 'antd';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const Item = formItemOf(faqCategoryContract);

export function FaqCategoryFormFields(_props: FormFieldsProps<typeof faqCategoryContract>) {
  return (
    <Item name="name">
      <Input autoComplete="off" />
    </Item>
  );
}
