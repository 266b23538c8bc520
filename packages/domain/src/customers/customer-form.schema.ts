import { z } from 'zod';
import { CustomFieldValuesInputSchema } from '../custom-fields/custom-field-values.js';
import { MESSAGES } from '../messages/messages.js';
import { isValidPhone } from '../phone/phone.js';
import { isWhitespaceOnly } from '../text/whitespace.js';
import { optionalId, optionalText, requiredText, RUN_EVEN_WITH_ISSUES } from '../validation/zod-helpers.js';
import { CUSTOMER_SENSITIVE_FIELDS, CUSTOMER_TYPES, DEFAULT_CUSTOMER_TYPE, type CustomerSensitiveField } from './customer-enums.js';

const M = MESSAGES.customer;
const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** Letters of any script, spaces, dashes and underscores (spaces so 'Mary Ann' passes; whitespace-only is caught apart). */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}\s_-]+$/u;

const firstName = z
  .string({ error: M.firstNameRequired })
  .min(1, { error: M.firstNameRequired })
  .refine((v) => !isWhitespaceOnly(v), { error: M.firstNameWhitespace })
  .refine((v) => v === '' || isWhitespaceOnly(v) || PERSON_NAME_PATTERN.test(v), { error: M.firstNamePattern })
  .max(100)
  .trim();

const email = z.email({ error: (issue) => (isBlank(issue.input) ? M.emailRequired : M.emailInvalid) }).max(254, { error: M.emailInvalid });

const phoneCode = z.string({ error: M.phoneCodeRequired }).trim().min(1, { error: M.phoneCodeRequired }).max(8);
const phone = z.string({ error: M.phoneRequired }).trim().min(1, { error: M.phoneRequired }).max(20, { error: M.phoneInvalid });
const type = z.enum(CUSTOMER_TYPES, { error: (issue) => (isBlank(issue.input) ? M.typeRequired : M.typeInvalid) });

/** The shape minus the two fields with defaults, so create (defaults) and update (none) can share it. */
const baseShape = {
  firstName,
  // Last Name has no validators (the original view declared its messages but applied none).
  lastName: z.string().max(100).trim().nullish(),
  email,
  phoneCode,
  phone,
  avatar: optionalId('Avatar'),
  doNotDisturb: z.boolean().optional(),
  asset: optionalId('Asset'),
  customFields: CustomFieldValuesInputSchema.optional(),
};

const createShape = {
  ...baseShape,
  type: type.default(DEFAULT_CUSTOMER_TYPE),
  enabled: z.boolean().default(true),
  doNotDisturb: z.boolean().default(false),
};

/** The phone is valid only for its code; checked whenever both are present, reported on `phone`. */
function checkPhone(value: { phone?: unknown; phoneCode?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof value.phone !== 'string' || typeof value.phoneCode !== 'string') return;
  if (!value.phone.trim() || !value.phoneCode.trim()) return;
  if (!isValidPhone(value.phoneCode, value.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneInvalid });
}

/** The "Add New Customer" drawer (docs/product.md 'Customers'); unknown keys are dropped (antd sends extras). */
export const CustomerFormSchema = z.object(createShape).superRefine(checkPhone, RUN_EVEN_WITH_ISSUES);
export type CustomerFormValues = z.infer<typeof CustomerFormSchema>;
export type CustomerFormInput = z.input<typeof CustomerFormSchema>;

/** `POST /customers`: the same rules, unknown fields rejected. */
export const CustomerInputSchema = z.strictObject(createShape).superRefine(checkPhone, RUN_EVEN_WITH_ISSUES);
export type CustomerInput = z.infer<typeof CustomerInputSchema>;

/**
 * `POST /customers/chekinio`: the create body with the integrator's key, `sourceDataId` (the customer's id in the
 * sending system), and that system's name, `inputSource`; both are written only here.
 */
export const CustomerUpsertInputSchema = z
  .strictObject({
    ...createShape,
    inputSource: optionalText(100),
    sourceDataId: requiredText(M.sourceDataIdRequired, MESSAGES.common.fieldOnlyWhitespace, 200),
  })
  .superRefine(checkPhone, RUN_EVEN_WITH_ISSUES);
export type CustomerUpsertInput = z.infer<typeof CustomerUpsertInputSchema>;

/**
 * A customer known only by a message from their phone (WhatsApp, docs/api.md 'WhatsApp'): made by the server, not a
 * form, with the same rules except that the email may wait.
 */
export const MessagingCustomerInputSchema = z
  .strictObject({ ...createShape, email: email.nullish() })
  .superRefine(checkPhone, RUN_EVEN_WITH_ISSUES);

const { email: _e, phone: _p, phoneCode: _c, ...nonSensitiveShape } = createShape;

/** Editing without VIEW_SENSITIVE_INFORMATION: the form has no email, phone or phone code. */
export const CustomerFormWithoutSensitiveSchema = z.object(nonSensitiveShape);

/**
 * `PATCH /customers/{id}`: every field optional and no defaults (an absent field is left as stored).
 * Phone is checked against the code when both are sent; the service checks a lone one against the stored other.
 */
export const CustomerUpdateInputSchema = z
  .strictObject({
    ...baseShape,
    firstName: firstName.optional(),
    email: email.optional(),
    phoneCode: phoneCode.optional(),
    phone: phone.optional(),
    type: type.optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine(checkPhone, RUN_EVEN_WITH_ISSUES);
export type CustomerUpdateInput = z.infer<typeof CustomerUpdateInputSchema>;

/** Drops email, phone and phone code for a user who may not see them. */
export function stripSensitiveCustomerFields<T extends object>(values: T, canViewSensitive: boolean): Omit<T, CustomerSensitiveField> {
  if (canViewSensitive) return values;
  const copy = { ...values } as Record<string, unknown>;
  for (const field of CUSTOMER_SENSITIVE_FIELDS) delete copy[field];
  return copy as Omit<T, CustomerSensitiveField>;
}

/** The stored full name: first and last name joined by one space. */
export function customerFullName(firstNameValue: string, lastNameValue?: string | null): string {
  return [firstNameValue.trim(), lastNameValue?.trim() ?? ''].filter(Boolean).join(' ');
}
