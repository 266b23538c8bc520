import { MESSAGES } from '@crm/domain';
import type { FormInstance } from 'antd';
import { type ApiError, validationFields } from '../api/api-error';

// docs/api.md 'Errors': a VALIDATION_ERROR's `data` maps a dotted path ('utm.source', '_' for the whole body) to its
// messages. They go under the form's own fields (antd name arrays); what belongs to no field of the form is listed
// above it (docs/product.md 'Errors in the browser').

export type FieldName = (string | number)[];

export interface SplitErrors {
  fields: { name: FieldName; errors: string[] }[];
  rest: string[];
}

const toName = (path: string): FieldName => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Each path's messages onto the registered field it names, or onto the nearest registered field holding it
 * ('amenities.0' onto 'amenities'); the others, without repeats, for the list.
 */
export function splitFieldErrors(data: Readonly<Record<string, readonly string[]>>, registered: readonly string[]): SplitErrors {
  const byName = new Map<string, string[]>();
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(data)) {
    const owner = registered.filter((name) => path === name || path.startsWith(`${name}.`)).sort((a, b) => b.length - a.length)[0];
    if (path !== '_' && owner) byName.set(owner, [...new Set([...(byName.get(owner) ?? []), ...messages])]);
    else for (const message of messages) if (!rest.includes(message)) rest.push(message);
  }
  return { fields: [...byName].map(([name, errors]) => ({ name: toName(name), errors })), rest };
}

type ErrorTarget = Pick<FormInstance, 'getFieldsError' | 'setFields'>;

/**
 * Puts a failed save's messages on the form: a 400's under its fields, the rest returned for the list above it.
 * Any other failure returns its message, or 'Error'.
 */
export function applyServerErrors(form: ErrorTarget, error: ApiError): string[] {
  const data = validationFields(error);
  if (!data) return [error.message.trim() || MESSAGES.common.error];
  const registered = form.getFieldsError().map((field) => field.name.join('.'));
  const { fields, rest } = splitFieldErrors(data, registered);
  form.setFields(fields);
  return fields.length === 0 && rest.length === 0 ? [error.message.trim() || MESSAGES.common.error] : rest;
}

/** The first field of the form showing an error, in the form's order (to scroll to and focus). */
export function firstErrorField(form: Pick<FormInstance, 'getFieldsError'>): FieldName | undefined {
  return form.getFieldsError().find((field) => field.errors.length > 0)?.name;
}

/** Takes every shown message off the form's fields (a form whose messages come only from the server, on a change). */
export function clearFieldErrors(form: ErrorTarget): void {
  form.setFields(
    form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => ({ name: field.name, errors: [] })),
  );
}
