import type { z } from 'zod';
import type { ValidationErrorData } from './error-envelope.schema.js';

function add(fields: ValidationErrorData, key: string, message: string) {
  // Own keys only: a body key named `toString` or `constructor` must not find Object.prototype's.
  const list = Object.hasOwn(fields, key) ? (fields[key] ?? []) : [];
  if (!list.includes(message)) list.push(message);
  // defineProperty: assigning `__proto__` would set the prototype instead of naming the field.
  Object.defineProperty(fields, key, { value: list, enumerable: true, writable: true, configurable: true });
}

/**
 * A zod failure as a validation error's `data`: each field (dotted path, `_` for the whole body) to its
 * messages. The server answers it and the browser puts it on the form, so both read the same map.
 */
export function fieldMessagesOf(issues: readonly z.core.$ZodIssue[]): ValidationErrorData {
  const fields: ValidationErrorData = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fields, [...issue.path, key].join('.'), `Unknown field '${key}'.`);
      continue;
    }
    add(fields, issue.path.length ? issue.path.map(String).join('.') : '_', issue.message);
  }
  return fields;
}

/** The field messages of parsing `input` with `schema` (empty when it passes). */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): ValidationErrorData {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldMessagesOf(result.error.issues);
}
