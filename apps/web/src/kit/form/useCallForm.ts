import { Form, type FormInstance, type FormRule } from 'antd';
import { useCallback, useState } from 'react';
import { focusFirstError, submitCall } from './call-form';
import { type FormSchema, zodRules } from './zod-rules';

export interface CallFormOptions<Values, Answer> {
  /** The call's input schema from @crm/domain: the browser checks with the one the server parses with. */
  schema: FormSchema<Values>;
  /** The call, e.g. `trpc.profile.changePassword.useMutation({ meta: SCREEN_SHOWS_ERROR }).mutateAsync`. */
  call: (values: Values) => Promise<Answer>;
  /** After the call succeeded (say so, reset, close...). */
  onDone?: (answer: Answer, values: Values) => void;
  /** A form the screen already holds (a modal's), else the hook makes one. */
  form?: FormInstance<Values>;
}

export interface CallForm<Values> {
  form: FormInstance<Values>;
  /** The antd rules of a field, from the call's schema. */
  rules: (field: keyof Values & string) => FormRule[];
  /** Messages above the form: what names no field, or another failure's message (`<ErrorList>`). */
  errors: string[];
  saving: boolean;
  /** Spread onto `<Form>`: submits through the call, and focuses the first invalid field when antd's check fails. */
  formProps: { form: FormInstance<Values>; onFinish: (values: Values) => Promise<void>; onFinishFailed: () => void };
  /** Submits the given values (a form outside `<Form onFinish>`, e.g. a modal's OK button). */
  submit: (values: Values) => Promise<void>;
  /** Takes the messages above the form away (a modal closed without saving). */
  clearErrors: () => void;
}

/**
 * A form around one call that is not a resource's create/update (kit/README.md 'A call form'). Its mutation should
 * say `meta: SCREEN_SHOWS_ERROR`: the failure goes onto the form, not into the default message.
 */
export function useCallForm<Values, Answer>({ schema, call, onDone, form: given }: CallFormOptions<Values, Answer>): CallForm<Values> {
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const rules = useCallback((field: keyof Values & string) => zodRules(schema, field), [schema]);

  const submit = useCallback(
    async (values: Values) => {
      setErrors([]);
      setSaving(true);
      const outcome = await submitCall(form, schema, values, call);
      setSaving(false);
      if (outcome.saved) onDone?.(outcome.answer, values);
      else setErrors(outcome.errors);
    },
    [call, form, onDone, schema],
  );
  const onFinishFailed = useCallback(() => focusFirstError(form), [form]);

  const clearErrors = useCallback(() => setErrors([]), []);

  return { form, rules, errors, saving, formProps: { form, onFinish: submit, onFinishFailed }, submit, clearErrors };
}
