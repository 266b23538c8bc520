import type { LightMyRequestResponse } from 'fastify';
import { uniqueSuffix } from '../../../test/factories.js';
import type { TestContext } from '../../../test/test-app.js';
import { leadPayload } from '../leads/testing.js';
import { createViewingWorld, type ViewingWorld } from '../viewings/testing.js';

// Test data for deals: the lead world with its super admin, listing leads of agent Ann, stored files to hold as a
// deal's documents, and both doors (REST and tRPC). Only tests import this file.

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface DealWorld extends ViewingWorld {
  rest(method: Method, url: string, payload?: object, headers?: { authorization: string }): Promise<LightMyRequestResponse>;
  trpc(procedure: string, input: object, kind?: 'query' | 'mutation'): Promise<LightMyRequestResponse>;
  /** A new listing lead (agent Ann, a sale listing, a budget of 2,400,000): its id. */
  saleLead(): Promise<string>;
  /** A stored file of the asset: its id. */
  file(): Promise<string>;
  /** A deal opened through POST deals: its record. */
  deal(body?: object): Promise<{ _id: string } & Record<string, unknown>>;
}

export async function createDealWorld(ctx: TestContext): Promise<DealWorld> {
  const world = await createViewingWorld(ctx);
  const rest: DealWorld['rest'] = (method, url, payload, headers = world.admin) =>
    ctx.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  const trpc: DealWorld['trpc'] = (procedure, input, kind = 'mutation') =>
    kind === 'mutation'
      ? ctx.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: world.admin, payload: input })
      : ctx.app.inject({
          method: 'GET',
          url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers: world.admin,
        });
  const saleLead = async () => {
    const customer = await world.customer();
    const res = await rest(
      'POST',
      'properties/leads/create',
      leadPayload(world, customer.id, { isManualAssignment: true, maxPrice: 2_400_000 }),
    );
    if (res.statusCode !== 201) throw new Error(`lead not created: ${res.body}`);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  const file = async () => {
    const suffix = uniqueSuffix();
    const row = await ctx.db.storedFile.create({
      data: {
        companyId: world.company.id,
        assetId: world.asset.id,
        name: `contract-${suffix}.pdf`,
        type: 'document',
        mimeType: 'application/pdf',
        size: 4096,
        storageKey: `${world.asset.id}/${suffix}.pdf`,
        url: `/api/storage/files/${suffix}?token=t`,
        ext: 'pdf',
      },
    });
    return row.id;
  };
  const deal = async (body: object = {}) => {
    const res = await rest('POST', 'deals', { lead: await saleLead(), ...body });
    if (res.statusCode !== 201) throw new Error(`deal not created: ${res.body}`);
    return (res.json() as { data: { _id: string } & Record<string, unknown> }).data;
  };
  return { ...world, rest, trpc, saleLead, file, deal };
}
