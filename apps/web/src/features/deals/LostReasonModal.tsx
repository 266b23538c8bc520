import { type DealLostReason, DealLostReasonSchema } from '@crm/domain';
import { Form, Input, Modal } from 'antd';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';

interface Props {
  /** The deal being closed lost, and the lost stage's name; null: closed. */
  closing: { title: string; stageName: string } | null;
  onClose: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}

/** Closing a deal lost asks why: the reason is required here and by the server. */
export function LostReasonModal({ closing, onClose, onCancel }: Props) {
  const { form, rules, errors, formProps, saving } = useCallForm({
    schema: DealLostReasonSchema,
    call: (values: DealLostReason) => onClose(values.lostReason),
    onDone: () => form.resetFields(),
  });
  return (
    <Modal
      open={closing !== null}
      title={closing ? `${closing.stageName}: ${closing.title}` : ''}
      okText={closing?.stageName ?? 'Close'}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <ErrorList messages={errors} />
      <Form<DealLostReason> {...formProps} layout="vertical">
        <Form.Item name="lostReason" label="Lost reason" rules={rules('lostReason')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
