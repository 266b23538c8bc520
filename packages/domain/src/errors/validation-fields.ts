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
/**
 * A union whose input had the type of exactly one option (a filter given as an object, not its JSON text) fails
 * with that option's own problems, named in full, rather than a bare 'Invalid input'.
 */
function matchedOptionIssues(issue: z.core.$ZodIssue): readonly z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || !Array.isArray(issue.errors)) return null;
  const typed = issue.errors.filter((option) => !option.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
  const [only] = typed;
  if (typed.length !== 1 || !only?.length) return null;
  return only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

export function fieldMessagesOf(issues: readonly z.core.$ZodIssue[]): ValidationErrorData {
  const fields: ValidationErrorData = {};
  for (const issue of issues) {
    const matched = matchedOptionIssues(issue);
    if (matched) {
      for (const [key, messages] of Object.entries(fieldMessagesOf(matched))) for (const message of messages) add(fields, key, message);
      continue;
    }
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
