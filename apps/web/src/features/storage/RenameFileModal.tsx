import { MESSAGES, type StoredFileRow, StoredFileUpdateSchema } from '@crm/domain';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { FocusWrap } from '../../kit/file-picker';
import type { ApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors } from '../../kit/form/form-errors';
import { zodRules } from '../../kit/form/zod-rules';

interface RenameValues {
  name: string;
  category: string;
}

interface RenameFileModalProps {
  file: StoredFileRow | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves with the server's refusal, or null once saved. */
  onSave: (id: string, data: { name: string; category: string | null }) => Promise<ApiError | null>;
}

/** Rename and re-categorise a stored file (PATCH storage/{id}); an empty category clears it. */
export function RenameFileModal({ file, saving, onClose, onSave }: RenameFileModalProps) {
  const [form] = Form.useForm<RenameValues>();
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (values: RenameValues) => {
    if (!file) return;
    setErrors([]);
    const failure = await onSave(file._id, { name: values.name, category: values.category || null });
    if (failure) setErrors(applyServerErrors(form, failure));
    else onClose();
  };

  return (
    <Modal
      open={file !== null}
      title={MESSAGES.storage.editTitle}
      okText={MESSAGES.storage.save}
      cancelText={MESSAGES.storage.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      modalRender={(node) => <FocusWrap>{node}</FocusWrap>}
    >
      <ErrorList messages={errors} />
      <Form<RenameValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: file?.name ?? '', category: file?.category ?? '' }}
        onFinish={submit}
      >
        <Form.Item name="name" label={MESSAGES.storage.nameLabel} required rules={zodRules(StoredFileUpdateSchema, 'name')}>
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item name="category" label={MESSAGES.storage.categoryLabel} rules={zodRules(StoredFileUpdateSchema, 'category')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
