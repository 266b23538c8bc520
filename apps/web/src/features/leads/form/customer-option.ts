import { customerFullName, isSpamOrExternalCustomer } from '@crm/domain';
import { text, type LooseRecord } from '../../../kit/record/record';

/** A customer as the lead form's select shows it and the spam/external rule reads it. */
export interface CustomerOption {
  _id: string;
  fullName: string;
  customerID?: string | undefined;
  phoneNumber?: string | undefined;
  email?: string | undefined;
  type?: string | undefined;
}

export function customerOptionOf(row: LooseRecord & { _id: string }): CustomerOption {
  const fullName = text(row, 'fullName') ?? customerFullName(text(row, 'firstName') ?? '', text(row, 'lastName'));
  return {
    _id: row._id,
    fullName: fullName || row._id,
    customerID: text(row, 'customerID'),
    phoneNumber: text(row, 'phoneNumber'),
    email: text(row, 'email'),
    type: text(row, 'type'),
  };
}

/** 'Omar Farouk · C-000001 · +971501234567' */
export function customerLabel(customer: CustomerOption): string {
  return [customer.fullName, customer.customerID, customer.phoneNumber ?? customer.email].filter(Boolean).join(' · ');
}

export function isFlaggedCustomer(customer: CustomerOption | null | undefined): boolean {
  return isSpamOrExternalCustomer(customer?.type);
}
