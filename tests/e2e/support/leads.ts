import { expect } from 'vitest';
import { apiToken } from './staff.js';

// The REST calls a browser test makes to set up its records as a demo user: a JSON call with that user's token, and
// a new customer's listing lead assigned by hand (a new customer: one with an open lead would make it a child lead).

export type StaffApi = (path: string, body?: unknown) => Promise<{ status: number; body: { data: unknown } }>;

export async function staffApi(baseUrl: string, email: string): Promise<StaffApi> {
  const token = await apiToken(baseUrl, email);
  return async (path, body) => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { data: unknown } };
  };
}

/** The id of the first record at a list path matching `query`. */
export async function firstId(api: StaffApi, path: string, query: object): Promise<string | undefined> {
  const res = await api(`${path}?filter=${encodeURIComponent(JSON.stringify({ limit: 1, query }))}`);
  return (res.body.data as { _id: string }[])[0]?._id;
}

/** A new customer's lead on the asset's first enabled listing, assigned by hand to `agent` (a member id). */
export async function newListingLead(
  api: StaffApi,
  agent: string | undefined,
  customer: { firstName: string; phonePrefix: string },
  overrides: object = {},
): Promise<{ _id: string; leadID: string }> {
  const stamp = Date.now();
  const created = await api('customers', {
    firstName: customer.firstName,
    lastName: `Buyer ${stamp}`,
    email: `${customer.firstName.toLowerCase()}.${stamp}@example.com`,
    phoneCode: '+971',
    phone: `${customer.phonePrefix}${String(stamp).slice(-7)}`,
    type: 'Client',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const lead = await api('properties/leads/create', {
    customer: (created.body.data as { _id: string })._id,
    contactType: 'Buyer',
    type: 'listing',
    listing: await firstId(api, 'properties/listings', { enabled: true }),
    source: 'Website',
    leadType: 'Sale',
    enquiryMethod: 'Web Form',
    contactMethod: 'Phone',
    action: 'Requires call from agent',
    agent,
    isManualAssignment: true,
    ...overrides,
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  return lead.body.data as { _id: string; leadID: string };
}
