import { IntercomContactAnswerSchema, IntercomContactListSchema } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import type { ProviderAnswer, ProviderCall } from '../../provider-call.js';
import { readIntercomAnswer, type IntercomAccount } from './intercom-client.js';

// Our customers as Intercom contacts (docs/api.md 'Intercom'): a customer is the contact whose external_id is our
// customer id, else the one with their email (`POST /contacts/search`); pushing creates it (`POST /contacts`) or
// updates it (`PUT /contacts/{id}`).

export type IntercomCaller = (
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: IntercomAccount,
  call: ProviderCall,
) => Promise<ProviderAnswer>;

export interface CustomerContactKey {
  id: string;
  email: string | null;
}

/** The contact of the customer: by external_id first, else by email; null when Intercom has none. */
export async function findContact(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: IntercomAccount,
  customer: CustomerContactKey,
  call: IntercomCaller,
): Promise<string | null> {
  const byId = { field: 'external_id', operator: '=', value: customer.id };
  const query = customer.email ? { operator: 'OR', value: [byId, { field: 'email', operator: '=', value: customer.email }] } : byId;
  const answer = await call(deps, account, { method: 'POST', path: '/contacts/search', json: { query, pagination: { per_page: 5 } } });
  const contacts = readIntercomAnswer(IntercomContactListSchema, answer, 'the contact search').data;
  const email = customer.email?.toLowerCase();
  const match =
    contacts.find((contact) => contact.external_id === customer.id) ??
    contacts.find((contact) => email && contact.email?.toLowerCase() === email);
  return match?.id ?? null;
}

export interface CustomerContact extends CustomerContactKey {
  name: string;
  phone: string | null;
}

/** Our customer row as the contact pushed. */
export const customerContactOf = (customer: {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
}): CustomerContact => ({ id: customer.id, name: customer.fullName, email: customer.email, phone: customer.phoneNumber });

/** Creates or updates the customer's contact; answers its Intercom id. */
export async function pushContact(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  account: IntercomAccount,
  customer: CustomerContact,
  call: IntercomCaller,
): Promise<{ contactId: string; created: boolean }> {
  const existing = await findContact(deps, account, customer, call);
  const body = {
    role: 'user',
    external_id: customer.id,
    name: customer.name,
    ...(customer.email ? { email: customer.email } : {}),
    ...(customer.phone ? { phone: customer.phone } : {}),
  };
  const answer = existing
    ? await call(deps, account, { method: 'PUT', path: `/contacts/${encodeURIComponent(existing)}`, json: body })
    : await call(deps, account, { method: 'POST', path: '/contacts', json: body });
  return { contactId: readIntercomAnswer(IntercomContactAnswerSchema, answer, 'the contact').id, created: !existing };
}
