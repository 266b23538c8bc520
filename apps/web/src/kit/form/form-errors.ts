import type { FormInstance } from 'antd';
import { validationFields, type ApiError } from '../api/api-error';

/**
 * Puts a 400's per-field messages (docs/api.md 'Errors') under the form's own fields. Returns the messages that
 * belong to no field of the form, to show above it; an error of any other kind returns its message.
 */
export function applyServerErrors<Values>(
  form: FormInstance<Values>,
  error: ApiError,
  fieldNames: readonly (keyof Values & string)[],
): string[] {
  const fields = validationFields(error);
  if (!fields) return [error.message];
  const known = new Set<string>(fieldNames);
  const rest: string[] = [];
  const onFields: { name: keyof Values & string; errors: string[] }[] = [];
  for (const [name, messages] of Object.entries(fields)) {
    if (known.has(name)) onFields.push({ name: name as keyof Values & string, errors: messages });
    else rest.push(...messages);
  }
  form.setFields(onFields as Parameters<FormInstance<Values>['setFields']>[0]);
  return onFields.length === 0 && rest.length === 0 ? [error.message] : rest;
}
