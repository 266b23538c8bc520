import { fieldMessagesOf, MESSAGES, PROJECT_MESSAGES } from '@crm/domain';
import { App, Button, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { toApiError } from '../../kit/api/api-error';
import { ErrorList } from '../../kit/form/ErrorList';
import { applyServerErrors, firstErrorField, splitFieldErrors } from '../../kit/form/form-errors';

interface PartFormProps<S extends z.ZodType> {
  /** The part's body schema (packages/domain): checked before the call, so the form shows the server's messages. */
  schema: S;
  initialValues: z.input<S>;
  save: (body: z.output<S>) => Promise<unknown>;
  /** What the Save button saves, for its accessible name ('Save payment plans'). */
  what: string;
  form?: FormInstance;
  children: ReactNode;
}

/**
 * One tab of the project editor: its fields, checked with the part's schema, saved by its own call. Messages of a
 * failed check (here or from the server) go under their fields, the rest in a list above the form.
 */
export function PartForm<S extends z.ZodType>({ schema, initialValues, save, what, form: given, children }: PartFormProps<S>) {
  const { message } = App.useApp();
  const [own] = Form.useForm();
  const form = given ?? own;
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const showErrors = (data: Record<string, string[]>) => {
    const registered = form.getFieldsError().map((field) => field.name.join('.'));
    const { fields, rest } = splitFieldErrors(data, registered);
    form.setFields(fields);
    setErrors(rest);
    const first = firstErrorField(form);
    if (first) form.scrollToField(first, { focus: true });
  };

  const submit = async () => {
    setErrors([]);
    form.setFields(form.getFieldsError().map((field) => ({ name: field.name, errors: [] })));
    const checked = schema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return showErrors(fieldMessagesOf(checked.error.issues));
    setSaving(true);
    try {
      await save(checked.data);
      void message.success(PROJECT_MESSAGES.partSaved(what));
    } catch (error) {
      setErrors(applyServerErrors(form, toApiError(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues as object} onFinish={() => void submit()}>
      <ErrorList messages={errors} />
      {children}
      <Button type="primary" htmlType="submit" loading={saving} aria-label={`${MESSAGES.record.save} ${what.toLowerCase()}`}>
        {MESSAGES.record.save}
      </Button>
    </Form>
  );
}
