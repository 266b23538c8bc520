import { MESSAGES } from '@crm/domain';
import type { FormInstance } from 'antd';
import { type ApiError, toApiError } from '../api/api-error';
import { applyServerErrors, firstErrorField } from './form-errors';
import type { FormSchema } from './zod-rules';

// A call's form (change password, a member's password, the settings...): the call's own zod input schema checks the
// values in the browser, the server's VALIDATION_ERROR goes onto the same fields, and the first invalid one is focused.

/** What the call form needs of antd's form. */
export type CallFormTarget = Pick<FormInstance, 'getFieldsError' | 'setFields' | 'scrollToField'>;

export type CallOutcome<Answer> = { saved: true; answer: Answer } | { saved: false; errors: string[] };

const SCROLL = { block: 'center', focus: true } as const;

/** To the first field showing an error, in the form's order. */
export function focusFirstError(form: CallFormTarget): void {
  const name = firstErrorField(form);
  if (name) form.scrollToField(name, SCROLL);
}

/** The schema's complaints as the server would answer them: a VALIDATION_ERROR, by dotted path. */
export function schemaRefusal<Values>(schema: FormSchema<Values>, values: Values): ApiError | null {
  const checked = schema.safeParse(values);
  if (checked.success) return null;
  const data: Record<string, string[]> = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    data[path] = [...(data[path] ?? []), issue.message];
  }
  return { statusCode: 400, code: 'VALIDATION_ERROR', message: MESSAGES.common.error, data };
}

function refuse(form: CallFormTarget, error: ApiError): CallOutcome<never> {
  const errors = applyServerErrors(form, error);
  focusFirstError(form);
  return { saved: false, errors };
}

/**
 * Checks `values` with the call's schema, then makes the call; a refusal (the schema's or the server's) is put onto
 * the form's fields, what names no field is returned for the list above it, and the first invalid field is focused.
 */
export async function submitCall<Values, Answer>(
  form: CallFormTarget,
  schema: FormSchema<Values>,
  values: Values,
  call: (values: Values) => Promise<Answer>,
): Promise<CallOutcome<Answer>> {
  const refused = schemaRefusal(schema, values);
  if (refused) return refuse(form, refused);
  try {
    return { saved: true, answer: await call(values) };
  } catch (error) {
    return refuse(form, toApiError(error));
  }
}
