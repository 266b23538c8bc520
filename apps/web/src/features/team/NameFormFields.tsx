import { departmentContract, groupContract } from '@crm/domain';
import { Input } from 'antd';
import type { FormFieldsProps } from '../../kit/form/form-spec';
import { formItemOf } from '../../kit/form/ResourceFormItem';

const DepartmentItem = formItemOf(departmentContract);
const GroupItem = formItemOf(groupContract);

export function DepartmentFormFields(_props: FormFieldsProps<typeof departmentContract>) {
  return (
    <DepartmentItem name="name">
      <Input autoComplete="off" />
    </DepartmentItem>
  );
}

export function GroupFormFields(_props: FormFieldsProps<typeof groupContract>) {
  return (
    <GroupItem name="name">
      <Input autoComplete="off" />
    </GroupItem>
  );
}
