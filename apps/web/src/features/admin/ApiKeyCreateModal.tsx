import { API_KEY_PERMISSIONS, ApiKeyCreateInputSchema, MESSAGES, type ApiKeyCreated, type ApiKeyCreateInput } from '@crm/domain';
import { Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';
import { useCan } from '../../kit/session/useCan';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}

/** The new key's name and permissions; a key may carry only what the admin holds (the server checks it too). */
export function ApiKeyCreateModal({ open, onClose, onCreated }: Props) {
  const [form] = Form.useForm<ApiKeyCreateInput>();
  const [errors, setErrors] = useState<string[]>([]);
  const create = trpc.apiKeys.create.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const can = useCan();
  const options = useMemo(() => API_KEY_PERMISSIONS.filter((code) => can([code])).map((code) => ({ value: code, label: code })), [can]);

  const save = async (values: ApiKeyCreateInput) => {
    setErrors([]);
    try {
      const created = await create.mutateAsync(values);
      form.resetFields();
      onCreated(created);
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={open}
      title={MESSAGES.apiKey.add}
      okText={MESSAGES.apiKey.add}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<ApiKeyCreateInput> form={form} layout="vertical" onFinish={save} initialValues={{ permissions: [] }}>
        <Form.Item name="name" label="Name" rules={zodRules(ApiKeyCreateInputSchema, 'name')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label="Permissions" rules={zodRules(ApiKeyCreateInputSchema, 'permissions')}>
          <Select mode="multiple" options={options} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
