import { MESSAGES, UserUpdateInputSchema, type UserUpdateInput } from '@crm/domain';
import { Form, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { UserAccessFields } from './UserAccessFields';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  /** The user being edited, or null when closed. */
  userId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Name, role and assets of one user; the new role applies at the user's next request. */
export function UserEditModal({ userId, onClose, onSaved }: Props) {
  const [form] = Form.useForm<UserUpdateInput>();
  const [errors, setErrors] = useState<string[]>([]);
  const detail = trpc.users.detail.useQuery({ id: userId ?? '' }, { enabled: userId !== null, retry: false });
  const change = trpc.users.change.useMutation({ meta: SCREEN_SHOWS_ERROR });

  useEffect(() => {
    const user = detail.data;
    if (!user) return;
    // The record's role is its id unless populated.
    const role = typeof user.role === 'string' ? user.role : (user.role?._id ?? undefined);
    form.setFieldsValue({ fullName: user.fullName, role, assets: user.assets });
  }, [detail.data, form]);

  const save = async (values: UserUpdateInput) => {
    if (!userId) return;
    setErrors([]);
    try {
      await change.mutateAsync({ id: userId, data: values });
      onSaved();
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={userId !== null}
      title={MESSAGES.record.updateTitle('user')}
      okText={MESSAGES.record.save}
      onOk={() => form.submit()}
      confirmLoading={change.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      {detail.isLoading ? (
        <Spin />
      ) : (
        <Form<UserUpdateInput> form={form} layout="vertical" onFinish={save}>
          <UserAccessFields schema={UserUpdateInputSchema} />
        </Form>
      )}
    </Modal>
  );
}
