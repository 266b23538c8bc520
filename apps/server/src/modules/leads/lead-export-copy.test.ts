import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { authorize } from '../../resources/resource-access.js';
import { resolveActor } from '../auth/index.js';
import { insertLeads } from './lead-export-test-kit.js';
import { leadCsvCopy, leadExportBatches, leadExportStream, planLeadExport } from './lead-export.service.js';
import { createLeadWorld, type LeadWorld } from './lead-test-kit.js';
import { leadResource } from './lead.resource.js';

// The CSV that PostgreSQL writes (lead-export-copy.ts) must be byte for byte the file the cells path writes
// (lead-export-rows.ts and csvText): the same rules for every column, in zones with half and quarter hours and
// across changes of offset, for text that needs quoting or defusing, at the SLA's exact boundaries, and for the
// asset's lead custom fields of every type (a disabled one left out).

const NOW = new Date('2026-03-29T00:30:00.000Z');
let ctx: TestContext;
let world: LeadWorld;

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx);
  const [ann, bob] = world.agents;
  await ctx.db.teamMember.update({ where: { id: bob.member.id }, data: { name: '@Bob "the, closer"' } });
  await ctx.db.project.update({ where: { id: world.project.id }, data: { campaignName: 'Line one\nline two' } });
  const customerId = (await world.customer()).id;
  const odd = [
    { creatorName: '   ', updatedByName: '-5', source: '+971 50 123 4567', sourceChannel: '' },
    { creatorName: '=SUM(A1)', updatedByName: '', source: '-cmd', location: 'Marina, "Tower"' },
    // Exactly at the SLA's ends: still that stage ('>=' now, or the acceptance time).
    { initialSlaEndDate: NOW, freePoolSlaEndDate: new Date(NOW.getTime() + 60_000) },
    { initialSlaEndDate: new Date(NOW.getTime() - 1), freePoolSlaEndDate: NOW },
    {
      initialSlaEndDate: new Date(NOW.getTime() - 60_000),
      freePoolSlaEndDate: NOW,
      isAccepted: true,
      acceptedAt: new Date(NOW.getTime() - 120_000),
    },
    { initialSlaEndDate: NOW, freePoolSlaEndDate: NOW, isAssignedFromLeadPool: true, isClaimedFromPool: true, isContacted: true },
  ];
  // Three leads a minute over two days around Europe's change of offset (2026-03-29 01:00 UTC), agents and kinds in turn.
  await insertLeads(ctx, world, 3000, {
    start: new Date('2026-03-30T00:00:00Z'),
    customerId,
    extra: (i) => ({
      agentId: i % 7 === 0 ? null : i % 2 ? ann.member.id : bob.member.id,
      ...(odd[i % 50] ?? {}),
    }),
  });
  const base = { companyId: world.company.id, assetId: world.asset.id, kind: 'lead' };
  await ctx.db.customFieldDefinition.createMany({
    data: [
      { ...base, key: 'note', label: 'Note, "quoted"', type: 'text', order: 0 },
      { ...base, key: 'budget', label: 'Budget', type: 'number', order: 1 },
      { ...base, key: 'cash', label: 'Cash', type: 'boolean', order: 2 },
      { ...base, key: 'wants', label: 'Wants', type: 'multi-select', options: ['Pool', 'Gym'], order: 3 },
      { ...base, key: 'moving', label: 'Moving', type: 'date', order: 4 },
      { ...base, key: 'old', label: 'Old', type: 'text', order: 5, enabled: false },
    ],
  });
  const customValues = [
    { note: '=HYPERLINK("x")', budget: 1250000, cash: true, wants: ['Pool', 'Gym'], moving: '2026-09-01', old: 'hidden' },
    { note: 'Line one\nline "two", three', budget: 2.5, cash: false, wants: [] },
    { note: '+971 50 123 4567', budget: -3 },
    { note: '', wants: ['Gym'] },
    {},
  ];
  const leads = await ctx.db.lead.findMany({ where: { assetId: world.asset.id }, select: { id: true }, take: 200 });
  for (const [i, lead] of leads.slice(0, 50).entries())
    await ctx.db.lead.update({ where: { id: lead.id }, data: { customFields: customValues[i % customValues.length] } });
  await ctx.db.leadReview.createMany({
    data: leads.map((lead, i) => ({ companyId: world.company.id, assetId: world.asset.id, leadId: lead.id, rating: i % 6 })),
  });
}, 120_000);
afterAll(async () => ctx.close());

describe('the Leads CSV written by PostgreSQL', () => {
  it.each(['Asia/Dubai', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'])(
    'is the same file the cells path writes, dates in %s',
    async (timeZone) => {
      const token = (await world.manager.headers()).authorization.replace(/^Bearer /, '');
      const actor = await resolveActor(ctx.app.deps, token, world.asset.id);
      const access = authorize(leadResource, { deps: ctx.app.deps, actor }, 'read');
      const plan = await planLeadExport(ctx.db, access, JSON.stringify({ sort: { dataSourceCreatedAt: 1 } }), {});
      expect(plan.custom.map((rule) => rule.key)).toEqual(['note', 'budget', 'cash', 'wants', 'moving']);
      const copied = await leadCsvCopy(ctx.db, plan, { now: NOW, timeZone, onError: (error) => expect(error).toBeUndefined() });
      if (!copied || copied === 'empty') throw new Error('the COPY path did not run');
      const batches = leadExportBatches(ctx.db, plan, { now: NOW });
      const expected = await text(leadExportStream('csv', plan.headers, batches, () => undefined, timeZone));
      const actual = await text(copied);
      expect(actual.match(/,X-\d{6},/g)).toHaveLength(3000);
      expect(actual.split('\n')[0]).toMatch(/,"Note, ""quoted""",Budget,Cash,Wants,Moving$/);
      expect(actual).toContain(`,"'=HYPERLINK(""x"")",1250000,Yes,"Pool, Gym",2026-09-01\n`);
      expect(actual).toBe(expected);
    },
    60_000,
  );
});
