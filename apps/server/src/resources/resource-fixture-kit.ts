import type { TestContext } from '../../test/test-app.js';
import { uniqueSuffix } from '../../test/factories.js';
import { customerFixture } from '../modules/customers/customer.fixture.js';
import { leadFixture } from '../modules/leads/lead.fixture.js';
import { listingFixture } from '../modules/listings/listing.fixture.js';
import type { Post } from './resource-fixture.js';
import type { ResourceWorld } from './resource-test-kit.js';

// Test-only: what several modules' fixtures (<module>/<name>.fixture.ts) build on. A fixture reaches another
// module's fixture only through here, so the modules never import each other's internals.

export const translations = { ar: { name: 'عربي' }, fr: { name: 'Français' } };

/** A stored PNG of the admin's asset, inserted with Prisma; answers its id. */
export async function storedFile(ctx: TestContext, world: ResourceWorld): Promise<string> {
  const suffix = uniqueSuffix();
  const file = await ctx.db.storedFile.create({
    data: {
      companyId: world.company.id,
      assetId: world.assetA.id,
      name: `plan-${suffix}.png`,
      category: 'plans',
      type: 'image',
      mimeType: 'image/png',
      size: 2048,
      storageKey: `${world.assetA.id}/${suffix}.png`,
      url: `/api/storage/files/${suffix}?token=t`,
      thumbnailUrl: `/api/storage/files/${suffix}?token=t&thumbnail=1`,
      ext: 'png',
      creatorId: world.admin.userId,
      updatedById: world.admin.userId,
    },
  });
  return file.id;
}

/** A listing lead written through the lead engine's own call (POST properties/leads); answers its id. */
export async function postLead(post: Post, n: number): Promise<string> {
  const agent = await post('teams/members', { name: `Viewing agent ${n}`, enabled: true });
  return post('properties/leads/create', {
    customer: await post('customers', await customerFixture.create(post, n + 40)),
    contactType: 'Buyer',
    type: 'listing',
    listing: await post('properties/listings', await listingFixture.create(post, n)),
    source: 'Website',
    leadType: 'Sale',
    enquiryMethod: 'Viewing',
    contactMethod: 'Phone',
    action: 'Requires call from agent',
    agent,
    isManualAssignment: true,
  });
}

/** A lead inserted like the leads fixture's row (with its customer, agent and listing); answers its id. */
export function insertedLead(ctx: TestContext, world: ResourceWorld): Promise<string> {
  return leadFixture.insert(ctx, world);
}
