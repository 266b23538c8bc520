import { type ContractRecord, type CustomerInput, type CustomerUpdateInput, customerContract, DEFAULT_CUSTOMER_TYPE } from '@crm/domain';
import { defineResourceForm, type ResourceFormValues } from '../../kit/form/form-spec';
import { customFieldsBody } from '../../kit/custom-fields/custom-field-list';
import { refIdOf } from '../../kit/resource/refs';
import { CustomerFormFields } from './CustomerFormFields';

// The customer form (docs/product.md 'Customers'): starting values, a stored customer as values, and the bodies of
// POST /customers and PATCH /customers/{id}. The kit checks them with the contract's schemas and leaves email and
// phone out for an editor without VIEW_SENSITIVE_INFORMATION.

type Customers = typeof customerContract;
export type CustomerFormDraft = ResourceFormValues<Customers>;
type CustomerRecord = ContractRecord<Customers>;

export function customerDefaults(): CustomerFormDraft {
  return { enabled: true, type: DEFAULT_CUSTOMER_TYPE, doNotDisturb: false };
}

export function customerRecordToForm(customer: CustomerRecord): CustomerFormDraft {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? '',
    phoneCode: customer.phoneCode ?? '',
    phone: customer.phone ?? '',
    avatar: refIdOf(customer.avatar) ?? null,
    enabled: customer.enabled,
    type: customer.type,
    doNotDisturb: customer.doNotDisturb,
    customFields: { ...(customer.customFields ?? {}) },
  };
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** An emptied custom field is sent as null, so an update clears it. */
const customValues = (values: { customFields?: Record<string, unknown> | undefined }) =>
  values.customFields ? { customFields: customFieldsBody(values.customFields) as CustomerInput['customFields'] } : {};

/** POST /customers: an empty last name or picture is none. */
export function toCustomerCreate(values: CustomerInput): CustomerInput {
  return { ...values, lastName: orNull(values.lastName), avatar: orNull(values.avatar), ...customValues(values) };
}

/** PATCH /customers/{id}. */
export function toCustomerUpdate(values: CustomerUpdateInput): CustomerUpdateInput {
  return { ...values, lastName: orNull(values.lastName), avatar: orNull(values.avatar), ...customValues(values) };
}

export const customerForm = defineResourceForm({
  contract: customerContract,
  Fields: CustomerFormFields,
  defaults: customerDefaults,
  fromRecord: customerRecordToForm,
  createBody: toCustomerCreate,
  updateBody: toCustomerUpdate,
});
