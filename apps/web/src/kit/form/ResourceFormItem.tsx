import type { AnyResourceContract } from '@crm/domain';
import { Form, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import type { FormFieldKey } from './form-spec';
import { useResourceFormContext } from './ResourceFormContext';

export interface ResourceFormItemProps<Name extends string> extends Omit<FormItemProps, 'name' | 'rules'> {
  name: Name;
  children: ReactNode;
}

/**
 * One field of a ResourceForm: its contract label (unless `label` is given), the schema's rules (errors tied to the
 * field by antd), and nothing at all when the field is sensitive and the caller may not see it.
 */
export function ResourceFormItem({ name, label, children, ...rest }: ResourceFormItemProps<string>) {
  const state = useResourceFormContext();
  if (state.hidden(name)) return null;
  return (
    <Form.Item name={name} label={label ?? state.contract.fields[name]?.label ?? name} rules={state.rules(name)} {...rest}>
      {children}
    </Form.Item>
  );
}

/** ResourceFormItem typed by a contract: `const Item = formItemOf(customerContract)`; a misspelt name fails the typecheck. */
export function formItemOf<C extends AnyResourceContract>(_contract: C): (props: ResourceFormItemProps<FormFieldKey<C>>) => ReactNode {
  return ResourceFormItem;
}
