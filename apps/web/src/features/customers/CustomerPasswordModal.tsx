import { CustomerPasswordInputSchema, type CustomerPasswordInput, MESSAGES } from '@crm/domain';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

export type PasswordAction = 'add' | 'change';

interface CustomerPasswordModalProps {
  customerId: string;
  action: PasswordAction | null;
  onClose: () => void;
}

/** A customer's first password (PATCH customers/{id}/add-credentials) or a new one (change-password). */
export function CustomerPasswordModal({ customerId, action, onClose }: CustomerPasswordModalProps) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const add = trpc.customers.addCredentials.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const change = trpc.customers.changePassword.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [form] = Form.useForm<CustomerPasswordInput>();
  const [errors, setErrors] = useState<string[]>([]);

  const save = async ({ password }: CustomerPasswordInput) => {
    setErrors([]);
    try {
      if (action === 'add') await add.mutateAsync({ id: customerId, password });
      else await change.mutateAsync({ id: customerId, password });
      void message.success(action === 'add' ? MESSAGES.customer.credentialsAdded : MESSAGES.customer.passwordChanged);
      void utils.customers.invalidate();
      form.resetFields();
      onClose();
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={action !== null}
      title={action === 'add' ? MESSAGES.customer.addCredentials : MESSAGES.customer.changePassword}
      okText={MESSAGES.record.save}
      cancelText={MESSAGES.record.cancel}
      confirmLoading={add.isPending || change.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setErrors([]);
        onClose();
      }}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<CustomerPasswordInput> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="password" label={MESSAGES.customer.password} rules={zodRules(CustomerPasswordInputSchema, 'password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
