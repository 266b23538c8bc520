import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { f } from '../resources/fields.js';
import { CUSTOM_FIELD_LIMITS, type CustomFieldType } from './custom-field.contract.js';

// A record's custom field values, and the one validation of them the server runs on every write and the browser
// runs in the form: a schema per definition (type, options, required), unknown keys refused.

/** One stored value: text, a number, a date (YYYY-MM-DD), an option, several options, or Yes/No. */
export const CustomFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

/** The values of one record, as stored and answered. */
export const CustomFieldValuesSchema = z.record(z.string(), CustomFieldValueSchema);
export type CustomFieldValues = z.infer<typeof CustomFieldValuesSchema>;

/**
 * What a body may send: values by key, `null` clearing one. Its shape only: the definitions of the record's kind
 * decide the rest (`customFieldProblems`), on the server in the write and in the browser's form.
 */
export const CustomFieldValuesInputSchema = z.record(z.string().max(50), CustomFieldValueSchema.nullable(), {
  error: MESSAGES.customField.notObject,
});
export type CustomFieldValuesInput = z.infer<typeof CustomFieldValuesInputSchema>;

/** The `customFields` field of a record's contract: answered as its object of values, never a list column. */
export const customFieldsField = () => f.json({ label: 'Custom Fields', exportable: false }, CustomFieldValuesSchema);

/** What a value is checked against: a definition as the API answers it. */
export interface CustomFieldRule {
  key: string;
  label: string;
  type: CustomFieldType;
  options: readonly string[];
  required: boolean;
  enabled: boolean;
}

const CF = MESSAGES.customField;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The schema of one definition's value (absent or null allowed: `required` is checked apart, on the whole record). */
export function customFieldValueSchema(rule: CustomFieldRule): z.ZodType<CustomFieldValue | null | undefined> {
  const { label, options } = rule;
  const oneOf = z.string({ error: CF.option(label, options) }).refine((v) => options.includes(v), { error: CF.option(label, options) });
  const value: z.ZodType<CustomFieldValue> = (() => {
    switch (rule.type) {
      case 'text':
        return z.string({ error: CF.text(label) }).max(CUSTOM_FIELD_LIMITS.MAX_TEXT, { error: CF.text(label) });
      case 'number':
        return z.number({ error: CF.number(label) }).finite({ error: CF.number(label) });
      case 'date':
        return z
          .string({ error: CF.date(label) })
          .regex(DATE, { error: CF.date(label) })
          .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: CF.date(label) });
      case 'boolean':
        return z.boolean({ error: CF.boolean(label) });
      case 'select':
        return oneOf;
      case 'multi-select':
        return z.array(oneOf, { error: CF.option(label, options) });
    }
  })();
  return value.nullish();
}

/** A value that counts as given: not absent, not empty text, not an empty list of options. */
export function isFilledCustomValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The form path of a value, and the key of its problems in an error envelope: `customFields.<key>`. */
export function customFieldPath(key: string): string {
  return `customFields.${key}`;
}

/**
 * Problems of a record's values (after the write: stored values merged with the body's), by `customFields.<key>`:
 * a key with no definition of the record's kind, a value of the wrong type or not among the options, a required
 * (enabled) field without a value. Empty when all is well.
 */
export function customFieldProblems(rules: readonly CustomFieldRule[], values: Record<string, unknown>): Record<string, string[]> {
  const byKey = new Map(rules.map((rule) => [rule.key, rule]));
  const problems: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    const rule = byKey.get(key);
    if (!rule) {
      problems[customFieldPath(key)] = [CF.unknown(key)];
      continue;
    }
    const parsed = customFieldValueSchema(rule).safeParse(value);
    if (!parsed.success) problems[customFieldPath(key)] = [parsed.error.issues[0]?.message ?? CF.text(rule.label)];
  }
  for (const rule of rules) {
    if (rule.required && rule.enabled && !isFilledCustomValue(values[rule.key]) && !problems[customFieldPath(rule.key)])
      problems[customFieldPath(rule.key)] = [CF.required(rule.label)];
  }
  return problems;
}

/** Stored values with a body's changes: a key set to null (or emptied) is removed. */
export function mergeCustomFieldValues(stored: unknown, changes: CustomFieldValuesInput): CustomFieldValues {
  const parsed = CustomFieldValuesSchema.safeParse(stored);
  const out: CustomFieldValues = parsed.success ? { ...parsed.data } : {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || !isFilledCustomValue(value)) delete out[key];
    else out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** A value as one readable text (list cells, exports): options joined, booleans Yes/No. */
export function customValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? MESSAGES.common.yes : MESSAGES.common.no;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** PATCH {kind's path}/custom-fields/{id}: sets a record's values (merged into the stored ones; null clears one). */
export const CustomFieldValuesBodySchema = z.strictObject({ customFields: CustomFieldValuesInputSchema });
export type CustomFieldValuesBody = z.infer<typeof CustomFieldValuesBodySchema>;
/** Its answer: the record's id and all its values after the change. */
export const CustomFieldValuesResultSchema = z.object({ data: z.object({ _id: z.string(), customFields: CustomFieldValuesSchema }) });
