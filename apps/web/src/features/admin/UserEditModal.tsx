import { MESSAGES, UserUpdateInputSchema, type UserUpdateInput } from '@crm/domain';
import { Form, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { trpc } from '../../app/trpc';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
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
  const detail = trpc.users.detail.useQuery({ id: userId ?? '' }, { enabled: userId !== null, retry: false });
  const change = trpc.users.change.useMutation({ meta: SCREEN_SHOWS_ERROR });
  // The modal is open only with a user: `userId` is set whenever the form can be submitted.
  const { form, errors, formProps } = useCallForm({
    schema: UserUpdateInputSchema,
    call: (values: UserUpdateInput) => change.mutateAsync({ id: userId ?? '', data: values }),
    onDone: onSaved,
  });

  useEffect(() => {
    const user = detail.data;
    if (!user) return;
    // The record's role is its id unless populated.
    const role = typeof user.role === 'string' ? user.role : (user.role?._id ?? undefined);
    form.setFieldsValue({ fullName: user.fullName, role, assets: user.assets });
  }, [detail.data, form]);

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
        <Form<UserUpdateInput> {...formProps} layout="vertical">
          <UserAccessFields schema={UserUpdateInputSchema} />
        </Form>
      )}
    </Modal>
  );
}
