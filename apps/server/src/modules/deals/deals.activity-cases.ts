import { DEFAULT_DEAL_STAGES } from '@crm/domain';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import { storedFile } from '../../resources/resource-fixture-kit.js';

// Test-only: the activity route table's cases of the deals' own calls (stage moves, splits, adjustments, pipelines),
// for resources/activity-log-routes.test.ts.

/** A deal of the fixture's sale lead, closed won (its Form F / MOU held). */
async function wonDeal(kit: RouteKit): Promise<string> {
  const id = await kit.create('deals');
  const file = await storedFile(kit.ctx, kit.world);
  await kit.admin.patch(`deals/${id}`, { documents: [{ file, kind: 'Form F / MOU' }] });
  const won = await kit.admin.patch(`deals/${id}/stage`, { stage: 'closed-won' });
  if (won.statusCode !== 200) throw new Error(`deal not won: ${won.body}`);
  return id;
}

export const DEAL_CASES: Readonly<Record<string, RouteCase>> = {
  'deals.moveStage': async (kit) => {
    const id = await kit.create('deals');
    return {
      send: () => kit.admin.patch(`deals/${id}/stage`, { stage: 'reserved' }),
      rows: () => [{ subjectType: 'deals', subjectId: id, action: 'update' }],
    };
  },
  'deals.setSplits': async (kit) => {
    const id = await kit.create('deals');
    return {
      send: () => kit.admin.put(`deals/${id}/splits`, { splits: [{ party: 'company', basisPoints: 10_000 }] }),
      rows: () => [{ subjectType: 'deals', subjectId: id, action: 'update' }],
    };
  },
  'deals.adjust': async (kit) => {
    const id = await wonDeal(kit);
    return {
      send: () =>
        kit.admin.post(`deals/${id}/adjustments`, {
          reason: 'Co-broker agreed a smaller share',
          splits: [{ party: 'company', basisPoints: 10_000 }],
        }),
      rows: () => [{ subjectType: 'deals', subjectId: id, action: 'update' }],
    };
  },
  'deals.updatePipeline': async (kit) => ({
    send: () => kit.admin.put('deals/pipelines/rent', { stages: DEFAULT_DEAL_STAGES.rent }),
    rows: async () => {
      const row = await kit.ctx.db.dealPipeline.findFirstOrThrow({ where: { assetId: kit.world.assetA.id, pipeline: 'rent' } });
      return [{ subjectType: 'dealPipelines', subjectId: row.id, action: 'update' }];
    },
  }),
};
