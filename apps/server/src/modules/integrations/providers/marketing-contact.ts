import type { AppDeps } from '../../../core/deps.js';

// A customer as the marketing providers (SendGrid, ActiveCampaign) receive it: both key contacts by email.

export interface MarketingContact {
  email: string;
  firstName: string;
  lastName: string | null;
  phoneNumber: string | null;
  customerId: string;
}

/** The customer as a marketing contact, or null when it has no email (both providers key contacts by email). */
export async function marketingContact(deps: Pick<AppDeps, 'db'>, assetId: string, customerId: string): Promise<MarketingContact | null> {
  const customer = await deps.db.customer.findFirst({
    where: { id: customerId, assetId, deletedAt: null },
    select: { id: true, email: true, firstName: true, lastName: true, phoneNumber: true },
  });
  if (!customer?.email) return null;
  return {
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phoneNumber ? `+${customer.phoneNumber.replace(/^\+/, '')}` : null,
    customerId: customer.id,
  };
}
