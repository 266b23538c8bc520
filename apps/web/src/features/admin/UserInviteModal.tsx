import { ADMIN_MESSAGES, UserInviteInputSchema, type UserInviteInput, type UserLink } from '@crm/domain';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';
import { UserAccessFields } from './UserAccessFields';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  open: boolean;
  onClose: () => void;
  onInvited: (invited: UserLink) => void;
}

/** Invite by email: the account is made without a password; the answer's link lets its owner choose one. */
export function UserInviteModal({ open, onClose, onInvited }: Props) {
  const [form] = Form.useForm<UserInviteInput>();
  const [errors, setErrors] = useState<string[]>([]);
  const invite = trpc.users.invite.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const save = async (values: UserInviteInput) => {
    setErrors([]);
    try {
      const invited = await invite.mutateAsync({ ...values, assets: values.assets ?? [] });
      form.resetFields();
      onInvited(invited);
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={open}
      title={ADMIN_MESSAGES.user.invite}
      okText={ADMIN_MESSAGES.user.invite}
      onOk={() => form.submit()}
      confirmLoading={invite.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<UserInviteInput> form={form} layout="vertical" onFinish={save} initialValues={{ assets: [] }}>
        <Form.Item name="email" label="Email" rules={zodRules(UserInviteInputSchema, 'email')}>
          <Input type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <UserAccessFields schema={UserInviteInputSchema} />
      </Form>
    </Modal>
  );
}
