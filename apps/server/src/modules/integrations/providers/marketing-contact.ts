import type { AppDeps } from '../../../core/deps.js';

// A customer as the marketing providers (SendGrid, ActiveCampaign) receive it: both key contacts by email.

export interface MarketingContact {
  email: string;
  firstName: string;
  lastName: string | null;
  phoneNumber: string | null;
  customerId: string;
}

/** What a marketing contact is made of: the columns read of a customer. */
const MARKETING_CUSTOMER_SELECT = { id: true, email: true, firstName: true, lastName: true, phoneNumber: true } as const;

/** A customer that has an email as a marketing contact (the phone in E.164 with its +). */
export function contactOfCustomer(customer: {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  phoneNumber: string | null;
}): MarketingContact {
  return {
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phoneNumber ? `+${customer.phoneNumber.replace(/^\+/, '')}` : null,
    customerId: customer.id,
  };
}

/** The customer as a marketing contact, or null when it is gone or has no email (both providers key contacts by email). */
export async function marketingContact(deps: Pick<AppDeps, 'db'>, assetId: string, customerId: string): Promise<MarketingContact | null> {
  const customer = await deps.db.customer.findFirst({
    where: { id: customerId, assetId, deletedAt: null },
    select: MARKETING_CUSTOMER_SELECT,
  });
  return customer?.email ? contactOfCustomer({ ...customer, email: customer.email }) : null;
}
