import { ENVELOPE_MESSAGES as M } from '@crm/domain';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { FilePickerField } from '../../../kit/file-picker';
import { ErrorList } from '../../../kit/form/ErrorList';
import { applyServerErrors } from '../../../kit/form/form-errors';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

interface Values {
  file?: string | null;
  subject?: string;
}

/** Picks a PDF from Storage (the kit's file picker) and sends it to the lead's customer through DocuSign. */
export function SendForSignatureModal({ leadId, open, onClose }: { leadId: string; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [errors, setErrors] = useState<string[]>([]);
  const utils = trpc.useUtils();
  const send = trpc.envelopes.send.useMutation({ meta: SCREEN_SHOWS_ERROR });

  const submit = async (values: Values) => {
    setErrors([]);
    try {
      await send.mutateAsync({
        lead: leadId,
        file: values.file ?? '',
        ...(values.subject?.trim() ? { subject: values.subject.trim() } : {}),
      });
      void message.success(M.queued);
      void utils.envelopes.invalidate();
      form.resetFields();
      onClose();
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    }
  };

  return (
    <Modal
      open={open}
      title={M.sendTitle}
      onCancel={onClose}
      okText={M.send}
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      destroyOnHidden
      focusable={{ trap: true, focusTriggerAfterClose: true }}
    >
      <ErrorList messages={errors} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item name="file" label={M.chooseFile} rules={[{ required: true, message: M.fileRequired }]}>
          <FilePickerField mode="document" category="contracts" />
        </Form.Item>
        <Form.Item name="subject" label={M.subjectLabel} rules={[{ max: 100 }]}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
