import { uniqueSuffix } from '../../../../../test/factories.js';
import type { ResourceFixture } from '../../../../resources/resource-fixture.js';
import { insertedLead, storedFile } from '../../../../resources/resource-fixture-kit.js';

// Test-only: an envelope of a lead (inserted like the lead) for a stored PDF, for the tests that walk every resource
// (resources/resource-fixtures.ts lists it).
export const envelopeFixture: ResourceFixture = {
  insert: async (ctx, world) => {
    const leadId = await insertedLead(ctx, world);
    const fileId = await storedFile(ctx, world);
    const row = await ctx.db.envelope.create({
      data: {
        companyId: world.company.id,
        assetId: world.assetA.id,
        leadId,
        fileId,
        envelopeId: `ds-${uniqueSuffix()}`,
        status: 'sent',
        subject: 'Please sign: offer.pdf',
        signerName: 'Lea Customer',
        signerEmail: 'lea@example.com',
        sentAt: new Date(),
        creatorId: world.admin.userId,
      },
    });
    return row.id;
  },
};
