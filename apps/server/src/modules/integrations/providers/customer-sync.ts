import type { Prisma } from '../../../generated/prisma/client.js';
import { pushBatchIfChanged, pushIfChanged } from '../sync/external-ref.js';
import type { SyncScope, SyncWork } from '../sync/sync-work.js';

// The `customers` module of the providers that keep our customers as contacts (SendGrid, ActiveCampaign, Intercom;
// docs/api.md 'Integrations'): the asset's live customers (those a sync-* call named, else all) walked in pages by
// id. A customer without an email is skipped: these providers find a contact by its email. The others go through the
// provider's own contact client, a page in one call where its API takes a batch, else one at a time. Each customer's
// reference keeps the hash of what was sent (sync/external-ref.ts): one unchanged since is skipped, not sent again.

export const CUSTOMER_PAGE = 500;

const CUSTOMER_SELECT = { id: true, email: true, firstName: true, lastName: true, fullName: true, phoneNumber: true } as const;
/** A customer as the adapters read it, with the email they key the contact by. */
export type SyncedCustomer = Prisma.CustomerGetPayload<{ select: typeof CUSTOMER_SELECT }> & { email: string };

const hasEmail = (customer: Prisma.CustomerGetPayload<{ select: typeof CUSTOMER_SELECT }>): customer is SyncedCustomer =>
  Boolean(customer.email?.trim());

/**
 * Hands `handle` each page of the scope's customers that have an email (those without are counted skipped), in id
 * order; `advance(n)` reports n more customers done on the run's progress.
 */
async function walkCustomers(
  work: SyncWork,
  scope: SyncScope,
  handle: (customers: SyncedCustomer[], advance: (n: number) => Promise<void>) => Promise<void>,
): Promise<void> {
  const { db } = work.deps;
  const where: Prisma.CustomerWhereInput = { assetId: work.row.assetId, deletedAt: null, ...(scope.ids ? { id: { in: scope.ids } } : {}) };
  const total = await db.customer.count({ where });
  let done = 0;
  const advance = async (n: number) => {
    done += n;
    await work.progress(done, total);
  };
  await work.progress(0, total);
  let after: string | null = null;
  for (;;) {
    const page: Prisma.CustomerGetPayload<{ select: typeof CUSTOMER_SELECT }>[] = await db.customer.findMany({
      where: after ? { AND: [where, { id: { gt: after } }] } : where,
      select: CUSTOMER_SELECT,
      orderBy: { id: 'asc' },
      take: CUSTOMER_PAGE,
    });
    const withEmail = page.filter(hasEmail);
    const without = page.length - withEmail.length;
    work.count('skipped', without);
    if (without) await advance(without);
    if (withEmail.length) await handle(withEmail, advance);
    if (page.length < CUSTOMER_PAGE) return;
    after = page[page.length - 1]?.id ?? null;
  }
}

/** Each page's changed customers sent in one call (`send`); `payload` is what the provider is given of one. */
export function syncCustomersInBatches(
  work: SyncWork,
  scope: SyncScope,
  payload: (customer: SyncedCustomer) => unknown,
  send: (customers: SyncedCustomer[]) => Promise<void>,
): Promise<void> {
  return walkCustomers(work, scope, async (customers, advance) => {
    const byId = new Map(customers.map((customer) => [customer.id, customer]));
    await pushBatchIfChanged(
      work,
      'customer',
      customers.map((customer) => ({ id: customer.id, payload: payload(customer) })),
      (ids) => send(ids.flatMap((id) => byId.get(id) ?? [])),
    );
    await advance(customers.length);
  });
}

/** Each changed customer sent by itself (`send` answers the provider's id of the contact). */
export function syncCustomersOneByOne(
  work: SyncWork,
  scope: SyncScope,
  payload: (customer: SyncedCustomer) => unknown,
  send: (customer: SyncedCustomer) => Promise<string | null>,
): Promise<void> {
  return walkCustomers(work, scope, async (customers, advance) => {
    for (const customer of customers) {
      await pushIfChanged(work, 'customer', customer.id, payload(customer), () => send(customer));
      await advance(1);
    }
  });
}
