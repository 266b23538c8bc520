import { API_KEY_PERMISSIONS, ApiKeyCreateInputSchema, MESSAGES, type ApiKeyCreated, type ApiKeyCreateInput } from '@crm/domain';
import { Form, Input, Modal, Select } from 'antd';
import { useMemo } from 'react';
import { trpc } from '../../app/trpc';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { useCan } from '../../kit/session/useCan';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}

/** The new key's name and permissions; a key may carry only what the admin holds (the server checks it too). */
export function ApiKeyCreateModal({ open, onClose, onCreated }: Props) {
  const create = trpc.apiKeys.create.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const { form, rules, errors, formProps } = useCallForm({
    schema: ApiKeyCreateInputSchema,
    call: create.mutateAsync,
    onDone: (created) => {
      form.resetFields();
      onCreated(created);
    },
  });
  const can = useCan();
  const options = useMemo(() => API_KEY_PERMISSIONS.filter((code) => can([code])).map((code) => ({ value: code, label: code })), [can]);

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
      <Form<ApiKeyCreateInput> {...formProps} layout="vertical" initialValues={{ permissions: [] }}>
        <Form.Item name="name" label="Name" rules={rules('name')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label="Permissions" rules={rules('permissions')}>
          <Select mode="multiple" options={options} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
