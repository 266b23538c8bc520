import { type ContractRow, type customerContract, customerFullName, isSpamOrExternalCustomer } from '@crm/domain';

/** A customer as the lead form's select shows it and the spam/external rule reads it. */
export interface CustomerOption {
  _id: string;
  fullName: string;
  customerID?: string | undefined;
  phoneNumber?: string | undefined;
  email?: string | undefined;
  type?: string | undefined;
}

/** What the form reads of a customer: a lookup row, the lead's populated customer, or one just saved. */
export type CustomerSource = Pick<
  ContractRow<typeof customerContract>,
  '_id' | 'fullName' | 'firstName' | 'lastName' | 'customerID' | 'phoneNumber' | 'email' | 'type'
>;

export function customerOptionOf(customer: CustomerSource): CustomerOption {
  const fullName = customer.fullName || customerFullName(customer.firstName ?? '', customer.lastName);
  return {
    _id: customer._id,
    fullName: fullName || customer._id,
    customerID: customer.customerID || undefined,
    phoneNumber: customer.phoneNumber || undefined,
    email: customer.email || undefined,
    type: customer.type,
  };
}

/** 'Omar Farouk · C-000001 · +971501234567' */
export function customerLabel(customer: CustomerOption): string {
  return [customer.fullName, customer.customerID, customer.phoneNumber ?? customer.email].filter(Boolean).join(' · ');
}

export function isFlaggedCustomer(customer: CustomerOption | null | undefined): boolean {
  return isSpamOrExternalCustomer(customer?.type);
}
