import { ADMIN_MESSAGES, UserCreateInputSchema, type UserCreateInput, type UserDetail } from '@crm/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { passwordPolicyRule } from '../../kit/form/password-policy-rule';
import { zodRules } from '../../kit/form/zod-rules';
import { UserAccessFields } from './UserAccessFields';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (user: UserDetail) => void;
}

const M = ADMIN_MESSAGES.user;

/**
 * Create a user with a password the admin chooses (docs/product.md 'Users'): name, email, role, assets and an initial
 * password under the company's password policy, checked here before the request and again by the server.
 */
export function UserCreateModal({ open, onClose, onCreated }: Props) {
  const [form] = Form.useForm<UserCreateInput>();
  const [errors, setErrors] = useState<string[]>([]);
  const create = trpc.users.createWithPassword.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const save = async (values: UserCreateInput) => {
    setErrors([]);
    try {
      const created = await create.mutateAsync({ ...values, assets: values.assets ?? [] });
      form.resetFields();
      onCreated(created);
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={open}
      title={M.create}
      okText={M.create}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{M.createIntro}</Typography.Paragraph>
      <ErrorList messages={errors} />
      <Form<UserCreateInput> form={form} layout="vertical" onFinish={save} initialValues={{ assets: [] }}>
        <Form.Item name="email" label="Email" rules={zodRules(UserCreateInputSchema, 'email')}>
          <Input type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <UserAccessFields schema={UserCreateInputSchema} />
        <Form.Item
          name="password"
          label="Initial Password"
          dependencies={['email', 'fullName']}
          validateFirst
          rules={[
            ...zodRules(UserCreateInputSchema, 'password'),
            passwordPolicyRule(() => [form.getFieldValue('email'), form.getFieldValue('fullName')]),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
