import { CustomerPasswordInputSchema, type CustomerPasswordInput, MESSAGES } from '@crm/domain';
import { App, Form, Input, Modal } from 'antd';
import { trpc } from '../../app/trpc';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
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
  const { form, rules, errors, formProps, clearErrors } = useCallForm({
    schema: CustomerPasswordInputSchema,
    call: ({ password }: CustomerPasswordInput) =>
      action === 'add' ? add.mutateAsync({ id: customerId, password }) : change.mutateAsync({ id: customerId, password }),
    onDone: () => {
      void message.success(action === 'add' ? MESSAGES.customer.credentialsAdded : MESSAGES.customer.passwordChanged);
      void utils.customers.invalidate();
      form.resetFields();
      onClose();
    },
  });

  return (
    <Modal
      open={action !== null}
      title={action === 'add' ? MESSAGES.customer.addCredentials : MESSAGES.customer.changePassword}
      okText={MESSAGES.record.save}
      cancelText={MESSAGES.record.cancel}
      confirmLoading={add.isPending || change.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        clearErrors();
        onClose();
      }}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<CustomerPasswordInput> {...formProps} layout="vertical">
        <Form.Item name="password" label={MESSAGES.customer.password} rules={rules('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
