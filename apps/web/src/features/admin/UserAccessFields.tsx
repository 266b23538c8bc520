import { UserInviteInputSchema } from '@crm/domain';
import { Form, Input, Select } from 'antd';
import { type FormSchema, zodRules } from '../../kit/form/zod-rules';
import { useUserChoices } from './useUserChoices';

interface AccessValues {
  fullName?: string;
  role?: string;
  assets?: string[];
}

/** Name, role and assets: the fields the invite, create and edit forms share (required as on invite). */
export function UserAccessFields({ schema }: { schema: FormSchema<AccessValues> }) {
  const choices = useUserChoices();
  return (
    <>
      <Form.Item name="fullName" label="Full Name" rules={zodRules(schema, 'fullName', UserInviteInputSchema)}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label="Role" rules={zodRules(schema, 'role', UserInviteInputSchema)}>
        <Select options={choices.roles} loading={choices.loading} showSearch optionFilterProp="label" aria-label="Role" />
      </Form.Item>
      <Form.Item name="assets" label="Assets" rules={zodRules(schema, 'assets', UserInviteInputSchema)}>
        <Select
          mode="multiple"
          options={choices.assets}
          loading={choices.loading}
          optionFilterProp="label"
          allowClear
          aria-label="Assets"
        />
      </Form.Item>
    </>
  );
}
