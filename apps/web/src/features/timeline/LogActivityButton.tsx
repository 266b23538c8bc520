import {
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  type ActivityCreate,
  ActivityCreateSchema,
  activityFields,
  TIMELINE_MESSAGES as M,
} from '@crm/domain';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { useRefreshTimeline } from './useTimeline';

// The labels are the activity contract's, as its list and export name the fields.
const L = activityFields;
const TYPES = ACTIVITY_TYPES.map((type) => ({ value: type, label: ACTIVITY_TYPE_LABELS[type] }));
const pickerValue = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const storedValue = (value: Dayjs | null | undefined) => (value ? value.second(0).millisecond(0).toISOString() : null);

/**
 * 'Log activity' on a lead's page: a call, email, WhatsApp message, meeting, note or task (a task with its due
 * time) POSTed to `activities`, checked by the activity contract's own schema; the timeline reads again after.
 */
export function LogActivityButton({ leadId }: { leadId: string }) {
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  const refresh = useRefreshTimeline();
  const create = trpc.activities.create.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const { form, rules, errors, formProps, saving, clearErrors } = useCallForm<ActivityCreate, unknown>({
    schema: ActivityCreateSchema,
    call: (values) => create.mutateAsync({ ...values, lead: leadId }),
    onDone: () => {
      setOpen(false);
      form.resetFields();
      void message.success(M.activityLogged);
      void refresh('lead', leadId);
    },
  });
  const type = Form.useWatch('type', form);
  const close = () => {
    setOpen(false);
    clearErrors();
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {M.logActivity}
      </Button>
      <Modal
        open={open}
        title={M.logActivity}
        okText={M.logActivity}
        onOk={() => form.submit()}
        confirmLoading={saving}
        onCancel={close}
        forceRender
      >
        <ErrorList messages={errors} />
        <Form<ActivityCreate> {...formProps} layout="vertical" initialValues={{ type: 'call', lead: leadId }} name="log-activity">
          <Form.Item name="lead" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="type" label={L.type.label} rules={rules('type')}>
            <Select options={TYPES} />
          </Form.Item>
          <Form.Item name="subject" label={L.subject.label} rules={rules('subject')}>
            <Input maxLength={300} />
          </Form.Item>
          {type === 'task' && (
            <Form.Item name="dueAt" label={L.dueAt.label} rules={rules('dueAt')} getValueProps={pickerValue} normalize={storedValue}>
              <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD HH:mm" showTime={{ format: 'HH:mm', minuteStep: 5 }} />
            </Form.Item>
          )}
          <Form.Item name="outcome" label={L.outcome.label} rules={rules('outcome')}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="durationMinutes" label={L.durationMinutes.label} rules={rules('durationMinutes')}>
            <InputNumber min={1} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="notes" label={L.notes.label} rules={rules('notes')}>
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
