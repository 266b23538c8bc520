import type { FormRule } from 'antd';

/**
 * The one adapter from the domain's zod schemas to antd form rules: the browser shows exactly
 * the message the server would answer with, because both run the same schema. Typed structurally so
 * the web app needs no zod import of its own.
 */
interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<Issue> } };
}

/** A zod object, or a pipe/transform over one (`.in` is the object); any zod schema of the contract kit reads as one. */
export type FormSchema<Values> = SafeParser & { shape?: { [K in keyof Values]?: unknown }; in?: unknown };

function fieldSchemaOf(schema: unknown, field: string): SafeParser | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const candidate = schema as { shape?: Record<string, unknown>; in?: unknown };
  if (candidate.shape && typeof candidate.shape === 'object') {
    const member = candidate.shape[field];
    return isSafeParser(member) ? member : null;
  }
  return candidate.in !== undefined ? fieldSchemaOf(candidate.in, field) : null;
}

function isSafeParser(value: unknown): value is SafeParser {
  return typeof value === 'object' && value !== null && typeof (value as SafeParser).safeParse === 'function';
}

/**
 * The first message the schema gives for `field`: its own rule first (so the message is exact even while
 * other fields are still empty), then the object-level refinements that name it (confirm password...).
 */
export function fieldError<Values>(schema: FormSchema<Values>, field: keyof Values & string, values: Partial<Values>): string | undefined {
  const own = fieldSchemaOf(schema, field);
  if (own) {
    const result = own.safeParse(values[field]);
    if (!result.success) return result.error.issues[0]?.message;
  }
  const whole = schema.safeParse(values);
  if (whole.success) return undefined;
  return whole.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** Whether the field must be filled (drives antd's required marker; the message still comes from the schema). */
export function isFieldRequired<Values>(schema: FormSchema<Values>, field: keyof Values & string): boolean {
  const own = fieldSchemaOf(schema, field);
  return own ? !own.safeParse(undefined).success : false;
}

/**
 * antd rules for one field of a form validated by `schema`: `<Form.Item rules={zodRules(Schema, 'email')}>`. The
 * required marker comes from `requiredBy` when given: an update form validates with the partial update schema but
 * marks what a record must have (the create schema).
 */
export function zodRules<Values>(
  schema: FormSchema<Values>,
  field: keyof Values & string,
  requiredBy: FormSchema<Values> = schema,
): FormRule[] {
  return [
    (form) => ({
      required: isFieldRequired(requiredBy, field),
      validator: async () => {
        const values = form.getFieldsValue(true) as Partial<Values>;
        const message = fieldError(schema, field, values);
        if (message !== undefined) throw new Error(message);
      },
    }),
  ];
}
