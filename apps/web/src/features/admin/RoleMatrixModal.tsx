import { MESSAGES, RoleInputSchema, type RoleInput, type RoleRecord } from '@crm/domain';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';
import { RoleMatrixFields } from './RoleMatrixFields';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  /** 'new' to add a role, a role to change it, null when closed. */
  editing: 'new' | Pick<RoleRecord, '_id' | 'name' | 'permissions'> | null;
  onClose: () => void;
  onSaved: (role: RoleRecord) => void;
}

/** A role's name and permission matrix; the role's users get the change at their next request. */
export function RoleMatrixModal({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<RoleInput>();
  const [errors, setErrors] = useState<string[]>([]);
  const add = trpc.roles.add.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const change = trpc.roles.change.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const existing = editing !== null && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (editing === null) return;
    setErrors([]);
    form.setFieldsValue(
      existing ? { name: existing.name, permissions: existing.permissions as RoleInput['permissions'] } : { name: '', permissions: [] },
    );
  }, [editing, existing, form]);

  const save = async (values: RoleInput) => {
    setErrors([]);
    try {
      const body = { name: values.name, permissions: values.permissions ?? [] };
      onSaved(existing ? await change.mutateAsync({ id: existing._id, data: body }) : await add.mutateAsync(body));
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={existing ? MESSAGES.record.updateTitle('role') : MESSAGES.record.addTitle('role')}
      okText={MESSAGES.record.save}
      onOk={() => form.submit()}
      confirmLoading={add.isPending || change.isPending}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<RoleInput> form={form} layout="vertical" onFinish={save}>
        <Form.Item name="name" label="Name" rules={zodRules(RoleInputSchema, 'name')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label="Permissions">
          <RoleMatrixFields />
        </Form.Item>
      </Form>
    </Modal>
  );
}
