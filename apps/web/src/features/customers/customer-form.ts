import {
  CustomerFormSchema,
  CustomerFormWithoutSensitiveSchema,
  DEFAULT_CUSTOMER_TYPE,
  MESSAGES,
  stripSensitiveCustomerFields,
  type CustomerFormInput,
  type CustomerFormValues,
  type CustomerInput,
  type CustomerUpdateInput,
} from '@crm/domain';
import { validationFields, type ApiError } from '../../kit/api/api-error';
import { flag, refId, text, type LooseRecord } from '../../kit/record/record';

// The customer drawer's values (docs/product.md 'Customers'): defaults, a stored customer as values, the create
// and update bodies, and how a failed save is told.

export type CustomerFormField = keyof CustomerFormInput & string;
/** The drawer's store: every field may still be empty. */
export type CustomerFormDraft = Partial<CustomerFormInput>;

export function customerDefaults(): CustomerFormDraft {
  return { enabled: true, type: DEFAULT_CUSTOMER_TYPE, doNotDisturb: false };
}

export function customerRecordToForm(customer: LooseRecord): CustomerFormDraft {
  return {
    firstName: text(customer, 'firstName') ?? '',
    lastName: text(customer, 'lastName') ?? null,
    email: text(customer, 'email') ?? '',
    phoneCode: text(customer, 'phoneCode') ?? '',
    phone: text(customer, 'phone') ?? '',
    avatar: refId(customer, 'avatar') ?? null,
    enabled: customer.enabled !== false,
    type: (text(customer, 'type') as CustomerFormInput['type']) ?? DEFAULT_CUSTOMER_TYPE,
    doNotDisturb: flag(customer, 'doNotDisturb'),
  };
}

/** The schema the drawer validates with: without email and phone for an editor who may not see them. */
export function customerFormSchema(editing: boolean, canViewSensitive: boolean) {
  return editing && !canViewSensitive ? CustomerFormWithoutSensitiveSchema : CustomerFormSchema;
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** POST /customers. */
export function toCustomerCreate(values: CustomerFormValues): CustomerInput {
  return { ...values, lastName: orNull(values.lastName), avatar: orNull(values.avatar) };
}

/** PATCH /customers/{id}: email, phone and phone code only from an editor who may see them (docs/product.md 'Customers'). */
export function toCustomerUpdate(values: Partial<CustomerFormValues>, canViewSensitive: boolean): CustomerUpdateInput {
  const { asset: _asset, ...rest } = values;
  const body: CustomerUpdateInput = { ...rest, lastName: orNull(values.lastName), avatar: orNull(values.avatar) };
  return stripSensitiveCustomerFields(body, canViewSensitive);
}

/** docs/product.md 'Customers': a 400's validation messages as a list; any other failure its message, or 'Error'. */
export function customerSaveErrors(error: ApiError): string[] {
  const fields = validationFields(error);
  if (fields) {
    const messages = [...new Set(Object.values(fields).flat())];
    if (messages.length) return messages;
  }
  return [error.message || MESSAGES.common.error];
}

export interface PhoneCodeOption {
  value: string;
  label: string;
  /** Every country name sharing the code, for the select's search. */
  search: string;
}

/** One option per dialling code ('+1' is the US, Canada and more), in the countries' (name) order. */
export function phoneCodeOptions(countries: readonly { name: string; phoneCode: string }[]): PhoneCodeOption[] {
  const names = new Map<string, string[]>();
  for (const country of countries) names.set(country.phoneCode, [...(names.get(country.phoneCode) ?? []), country.name]);
  return [...names].map(([code, list]) => ({
    value: code,
    label: `${code} ${list.slice(0, 2).join(', ')}${list.length > 2 ? ', …' : ''}`,
    search: `${code} ${list.join(' ')}`,
  }));
}
