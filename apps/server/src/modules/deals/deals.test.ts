import {
  DEAL_MESSAGES as M,
  DEFAULT_DEAL_STAGES,
  dealsBehindOf,
  dealsBehindQuery,
  HomeFiguresSchema,
  type TeamDealFigures,
} from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from './deal-test-kit.js';

// Deals over real PostgreSQL and Redis: a lead's move to Deal opens exactly one deal carrying the lead's facts; the
// stage's documents gate every door (REST, tRPC, the lead's stage call); a lost deal needs its reason; splits are
// exact and freeze when won, an adjustment then keeping who, why, before and after.

let ctx: TestContext;
let world: DealWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
});
afterAll(async () => ctx?.close());

const moveLead = (id: string, stage: string) => world.rest('PATCH', `properties/leads/stage/${id}`, { stage, status: 'Open' });

async function withDocuments(dealId: string, kinds: string[]) {
  const documents = await Promise.all(kinds.map(async (kind) => ({ file: await world.file(), kind })));
  const res = await world.rest('PATCH', `deals/${dealId}`, { documents });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a lead's move to Deal", () => {
  it("opens one deal carrying the lead's customer, listing, agent and budget, however often and however concurrently", async () => {
    const leadId = await world.saleLead();
    const moves = await Promise.all(Array.from({ length: 6 }, () => moveLead(leadId, 'Deal')));
    expect(moves.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await moveLead(leadId, 'Deal')).statusCode).toBe(200);
    const deals = await ctx.db.deal.findMany({ where: { leadId } });
    expect(deals).toHaveLength(1);
    const lead = await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } });
    expect(deals[0]).toMatchObject({
      customerId: lead.customerId,
      listingId: world.listing.id,
      agentId: world.agents[0].member.id,
      pipeline: 'sale',
      stage: 'offer',
      outcome: 'open',
      probability: 20,
      currency: world.asset.currencyCode,
    });
    expect(Number(deals[0]?.value)).toBe(240_000_000);
    const events = await ctx.db.domainEvent.count({ where: { type: 'deal.created', subjectId: deals[0]?.id } });
    expect(events).toBe(1);
    // A deal by hand for the same lead is refused: one live deal per lead.
    const again = await world.rest('POST', 'deals', { lead: leadId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.leadHasDeal);
  });
});

describe('the document gate', () => {
  it('refuses a move into a stage without its documents through REST, tRPC and the lead stage call, naming them', async () => {
    const deal = await world.deal();
    const rest = await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'contract-signed' });
    expect(rest.statusCode, rest.body).toBe(409);
    expect(rest.json().message).toBe(M.missingDocuments('Contract signed', ['Form F / MOU']));
    const trpc = await world.trpc('deals.moveStage', { id: deal._id, stage: 'closed-won' });
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json().error.data.envelope.message).toBe(M.missingDocuments('Closed won', ['Form F / MOU']));
    expect((await ctx.db.deal.findUniqueOrThrow({ where: { id: deal._id } })).stage).toBe('offer');

    await withDocuments(deal._id, ['Form F / MOU']);
    const moved = await world.trpc('deals.moveStage', { id: deal._id, stage: 'contract-signed' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.data).toMatchObject({ stage: 'contract-signed', probability: 80, outcome: 'open' });

    // The first stage of a pipeline may require one too: then the lead's own move to Deal is refused, and nothing kept.
    const stages = DEFAULT_DEAL_STAGES.sale.map((stage) =>
      stage.key === 'offer' ? { ...stage, requiredDocuments: ['Offer letter'] } : stage,
    );
    expect((await world.rest('PUT', 'deals/pipelines/sale', { stages })).statusCode).toBe(200);
    const leadId = await world.saleLead();
    const refused = await moveLead(leadId, 'Deal');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.missingDocuments).toEqual(['Offer letter']);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } })).stage).toBe('New');
    expect(await ctx.db.deal.count({ where: { leadId } })).toBe(0);
    await world.rest('PUT', 'deals/pipelines/sale', { stages: DEFAULT_DEAL_STAGES.sale });
  });
});

describe('closing', () => {
  it('refuses a lost close without its reason and a closing date before the deal, then closes lost with both', async () => {
    const deal = await world.deal();
    const bare = await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'closed-lost' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().data).toEqual({ lostReason: [M.lostReasonRequired] });
    const early = await world.rest('PATCH', `deals/${deal._id}/stage`, {
      stage: 'closed-lost',
      lostReason: 'Bought elsewhere',
      actualCloseDate: '2020-01-01T00:00:00.000Z',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().data).toEqual({ actualCloseDate: [M.closeBeforeCreation] });
    const lost = await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'closed-lost', lostReason: 'Bought elsewhere' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data).toMatchObject({ outcome: 'lost', lostReason: 'Bought elsewhere', probability: 0, staleAt: null });
    expect(lost.json().data.actualCloseDate).not.toBeNull();
    const told = await ctx.db.domainEvent.findMany({
      where: { subjectId: deal._id },
      select: { type: true },
      orderBy: { createdAt: 'asc' },
    });
    expect(told.map((event) => event.type)).toEqual(['deal.created', 'deal.stage_changed', 'deal.lost']);
  });
});

describe('commission splits', () => {
  it('are exact to the minor unit, refused when they do not sum, frozen when won and changed by an adjustment', async () => {
    const deal = await world.deal({ value: 240_000_050, commissionBasisPoints: 200 });
    expect(deal.commission).toBe(4_800_001);
    const coBroker = await world.customer('Agent');
    const splits = [
      { party: 'agent', member: world.agents[0].member.id, basisPoints: 6_000 },
      { party: 'co-broker', customer: coBroker.id, basisPoints: 3_000 },
      { party: 'company', basisPoints: 1_000 },
    ];
    const set = await world.rest('PUT', `deals/${deal._id}/splits`, { splits });
    expect(set.statusCode, set.body).toBe(200);
    const amounts = set.json().data.splits.map((split: { amount: number }) => split.amount);
    expect(amounts).toEqual([2_880_001, 1_440_000, 480_000]);
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(4_800_001);

    const short = await world.rest('PUT', `deals/${deal._id}/splits`, { splits: [{ party: 'company', amount: 4_800_000 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.splits).toEqual([M.splitsMustSum(4_800_000, 4_800_001)]);
    expect(await ctx.db.dealSplit.count({ where: { dealId: deal._id } })).toBe(3);

    await withDocuments(deal._id, ['Form F / MOU']);
    expect((await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'closed-won' })).statusCode).toBe(200);
    const frozen = await world.rest('PUT', `deals/${deal._id}/splits`, { splits });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(M.frozen);
    const value = await world.rest('PATCH', `deals/${deal._id}`, { value: 1 });
    expect(value.statusCode).toBe(409);
    const reopen = await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'offer' });
    expect(reopen.statusCode).toBe(409);

    const adjusted = await world.rest('POST', `deals/${deal._id}/adjustments`, {
      reason: 'The co-broker waived half of the share',
      splits: [
        { party: 'agent', member: world.agents[0].member.id, basisPoints: 7_500 },
        { party: 'co-broker', customer: coBroker.id, basisPoints: 1_500 },
        { party: 'company', basisPoints: 1_000 },
      ],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const view = adjusted.json().data;
    expect(view.frozen).toBe(true);
    expect(view.splits.map((split: { amount: number }) => split.amount)).toEqual([3_600_001, 720_000, 480_000]);
    expect(view.adjustments).toHaveLength(1);
    expect(view.adjustments[0]).toMatchObject({
      reason: 'The co-broker waived half of the share',
      by: { name: expect.any(String) },
      before: { commission: 4_800_001, splits: [{ amount: 2_880_001 }, { amount: 1_440_000 }, { amount: 480_000 }] },
      after: { commission: 4_800_001, splits: [{ amount: 3_600_001 }, { amount: 720_000 }, { amount: 480_000 }] },
    });
    const won = await ctx.db.domainEvent.findFirstOrThrow({ where: { subjectId: deal._id, type: 'deal.won' } });
    expect(won.payload).toMatchObject({ value: 240_000_050, commission: 4_800_001 });
    // The agent and their manager hear of it in the bell, once each.
    const told = await ctx.db.staffNotification.findMany({ where: { dealId: deal._id }, select: { userId: true, kind: true } });
    const people = [world.agents[0].member.userId, world.manager.member.userId];
    expect(told.map((row) => row.userId).sort()).toEqual([...people].sort());
    expect(told.every((row) => row.kind === 'dealWon')).toBe(true);
    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: await world.agents[0].headers() });
    expect(bell.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'dealWon', deal: deal._id, text: `Deal won: ${deal.title}` })]),
    );
  });

  it("refuses an adjustment of an open deal and a split to another asset's agent", async () => {
    const deal = await world.deal();
    const open = await world.rest('POST', `deals/${deal._id}/adjustments`, {
      reason: 'Too early',
      splits: [{ party: 'company', basisPoints: 10_000 }],
    });
    expect(open.statusCode).toBe(409);
    const { asset: elsewhere } = await createTenant(ctx);
    const stranger = await ctx.db.teamMember.create({
      data: { companyId: elsewhere.companyId, assetId: elsewhere.id, name: 'Elsewhere Agent' },
    });
    const split = await world.rest('PUT', `deals/${deal._id}/splits`, {
      splits: [{ party: 'agent', member: stranger.id, basisPoints: 10_000 }],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json().data.splits).toEqual([M.splitMemberNotFound]);
  });
});

describe('the board', () => {
  it("totals each column as the database sums it, pages its cards by 50 and flags a deal stale past its stage's days", async () => {
    const pipeline = 'rent';
    const created = [];
    for (let i = 0; i < 53; i += 1) created.push(await world.deal({ pipeline, value: 1_000_00 + i }));
    const stale = created[0]?._id ?? '';
    await ctx.db.deal.update({ where: { id: stale }, data: { lastActivityAt: new Date(Date.now() - 30 * 86_400_000) } });
    // Saving the pipeline re-prices its deals: the offer stage's probability and stale time follow.
    const stages = DEFAULT_DEAL_STAGES.rent.map((stage) => (stage.key === 'offer' ? { ...stage, probability: 35 } : stage));
    expect((await world.rest('PUT', 'deals/pipelines/rent', { stages })).statusCode).toBe(200);

    const board = await world.rest('GET', `deals/board?pipeline=${pipeline}`);
    expect(board.statusCode, board.body).toBe(200);
    const offer = board.json().data.columns[0];
    const sums = await ctx.db.$queryRaw<{ count: bigint; value: number; weighted: number }[]>`
      SELECT count(*) AS count, sum(value)::float8 AS value, round(sum(value * probability) / 100)::float8 AS weighted
      FROM "Deal" WHERE "assetId" = ${world.asset.id}::uuid AND pipeline = 'rent' AND stage = 'offer' AND "deletedAt" IS NULL`;
    expect(offer).toMatchObject({ count: Number(sums[0]?.count), value: sums[0]?.value, weightedValue: sums[0]?.weighted });
    expect(offer.stage.probability).toBe(35);
    expect(offer.cards).toHaveLength(50);
    expect(offer.nextCursor).not.toBeNull();
    const rest = await world.rest('GET', `deals/board/column?pipeline=${pipeline}&stage=offer&cursor=${offer.nextCursor}`);
    expect(rest.statusCode, rest.body).toBe(200);
    const ids = [...offer.cards, ...rest.json().data.cards].map((card: { _id: string }) => card._id);
    expect(new Set(ids).size).toBe(offer.count);
    const card = [...offer.cards, ...rest.json().data.cards].find((each: { _id: string }) => each._id === stale);
    expect(card).toMatchObject({ stale: true });
    // The list's stale filter finds the same deal.
    const filter = encodeURIComponent(JSON.stringify({ query: { pipeline, staleAt: { $lte: new Date().toISOString() } } }));
    const listed = await world.rest('GET', `deals?filter=${filter}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((deal: { _id: string }) => deal._id)).toEqual([stale]);
    // A stage that holds deals cannot be dropped from the pipeline.
    const dropped = await world.rest('PUT', 'deals/pipelines/rent', { stages: stages.filter((stage) => stage.key !== 'offer') });
    expect(dropped.statusCode).toBe(409);
  });

  it('totals by agent count, value, commission and won rate; another asset’s deal answers 404', async () => {
    const totals = await world.rest('GET', 'deals/totals?by=agent');
    expect(totals.statusCode, totals.body).toBe(200);
    const ann = totals.json().data.rows.find((row: { key: string }) => row.key === world.agents[0].member.id);
    const count = await ctx.db.deal.count({ where: { assetId: world.asset.id, agentId: world.agents[0].member.id, deletedAt: null } });
    expect(ann).toMatchObject({ count });
    const months = await world.rest('GET', 'deals/totals?by=month');
    expect(months.statusCode, months.body).toBe(200);
    expect(months.json().data.rows[0]).toMatchObject({ key: expect.stringMatching(/^\d{4}-\d{2}$/) });
    // Each figure's click-through: the list filtered as the screen filters it has exactly that many deals.
    const listTotal = async (query: object) =>
      (await world.rest('GET', `deals?filter=${encodeURIComponent(JSON.stringify({ query }))}`)).json().meta.total as number;
    const month = months.json().data.rows[0];
    expect(await listTotal({ actualCloseDate: { $gte: month.from, $lt: month.to } })).toBe(month.count);
    expect(await listTotal({ outcome: 'won', actualCloseDate: { $gte: month.from, $lt: month.to } })).toBe(month.won);
    expect(await listTotal({ agent: ann.key })).toBe(ann.count);
    expect(await listTotal({ agent: ann.key, outcome: 'open' })).toBe(ann.open);

    // A deal moved to another company's asset is out of reach: 404 on every call, as a missing one.
    const { asset: elsewhere } = await createTenant(ctx);
    const moved = await world.deal();
    await ctx.db.deal.update({ where: { id: moved._id }, data: { assetId: elsewhere.id, companyId: elsewhere.companyId } });
    expect((await world.rest('PATCH', `deals/${moved._id}/stage`, { stage: 'reserved' })).statusCode).toBe(404);
    expect((await world.rest('GET', `deals/${moved._id}/splits`)).statusCode).toBe(404);
    expect((await world.rest('PATCH', `deals/${moved._id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await world.trpc('deals.setSplits', { id: moved._id, splits: [{ party: 'company', basisPoints: 10_000 }] })).statusCode).toBe(
      404,
    );
  });
});

describe('the team reports', () => {
  it("count each agent's won deals and their value, as the deals table sums them", async () => {
    const report = await world.rest('GET', 'teams/members/statistics/better-agent');
    expect(report.statusCode, report.body).toBe(200);
    const ann = report.json().data.agents.find((row: { member: { _id: string } }) => row.member._id === world.agents[0].member.id);
    const sums = await ctx.db.deal.aggregate({
      where: { assetId: world.asset.id, agentId: world.agents[0].member.id, outcome: 'won', deletedAt: null },
      _count: { _all: true },
      _sum: { value: true },
    });
    expect(sums._count._all).toBeGreaterThan(0);
    expect(ann).toMatchObject({ dealsWon: sums._count._all, dealsWonValue: Number(sums._sum.value) });
    // The report's click-through: the Deals list filtered to the row's members' won deals has that many.
    const behind = dealsBehindQuery({ label: 'Ann: deals won', agents: [world.agents[0].member.id], outcome: 'won' });
    const listed = await world.rest('GET', `deals?filter=${encodeURIComponent(JSON.stringify({ query: behind }))}`);
    expect(listed.json().meta.total).toBe(ann.dealsWon);
  });
});

describe('Home', () => {
  it("shows an agent their open deals and this month's won commission, each count a link to exactly those deals", async () => {
    const ann = world.agents[0];
    const user = await ctx.db.teamMember.findUniqueOrThrow({
      where: { id: ann.member.id },
      select: { user: { select: { roleId: true } } },
    });
    const role = await ctx.db.role.findUniqueOrThrow({ where: { id: user.user?.roleId ?? '' } });
    await ctx.db.role.update({ where: { id: role.id }, data: { permissions: [...role.permissions, 'DEALS_VIEW'] } });
    const home = await ctx.app.inject({ method: 'GET', url: '/api/home', headers: await ann.headers() });
    expect(home.statusCode, home.body).toBe(200);
    const deals = home.json().data.myDeals;
    const open = await ctx.db.deal.aggregate({
      where: { assetId: world.asset.id, agentId: ann.member.id, outcome: 'open', deletedAt: null },
      _count: { _all: true },
      _sum: { value: true },
    });
    expect(deals.open.count).toBe(open._count._all);
    expect(deals.openValue).toBe(Number(open._sum.value));
    expect(deals.wonThisMonth.count).toBeGreaterThan(0);
    for (const figure of [deals.open, deals.wonThisMonth]) {
      const behind = dealsBehindOf(new URL(figure.link, 'http://x').searchParams);
      if (!behind) throw new Error(`no deals behind ${figure.link}`);
      const listed = await world.rest('GET', `deals?filter=${encodeURIComponent(JSON.stringify({ query: dealsBehindQuery(behind) }))}`);
      expect(listed.json().meta.total).toBe(figure.count);
    }
  });

  it("shows a manager the team's open pipeline by stage and this month's wins, and an admin the asset's", async () => {
    const manager = world.manager;
    const member = await ctx.db.teamMember.findUniqueOrThrow({
      where: { id: manager.member.id },
      select: { user: { select: { roleId: true } } },
    });
    const role = await ctx.db.role.findUniqueOrThrow({ where: { id: member.user?.roleId ?? '' } });
    await ctx.db.role.update({ where: { id: role.id }, data: { permissions: [...new Set([...role.permissions, 'DEALS_VIEW'])] } });
    const team = await ctx.db.teamMember.findMany({ where: { reportedToId: manager.member.id }, select: { id: true } });
    const teamIds = team.map((row) => row.id);
    const listed = async (link: string) => {
      const behind = dealsBehindOf(new URL(link, 'http://x').searchParams);
      if (!behind) throw new Error(`no deals behind ${link}`);
      const res = await world.rest('GET', `deals?filter=${encodeURIComponent(JSON.stringify({ query: dealsBehindQuery(behind) }))}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meta.total as number;
    };
    const check = async (figures: TeamDealFigures, agents: string[] | undefined) => {
      const where = { assetId: world.asset.id, deletedAt: null, ...(agents ? { agentId: { in: agents } } : {}) };
      let checked = 0;
      for (const pipeline of figures.pipelines)
        for (const stage of pipeline.stages) {
          const rows = await ctx.db.deal.findMany({
            where: { ...where, outcome: 'open', pipeline: pipeline.pipeline, stage: stage.stage },
            select: { value: true, probability: true },
          });
          expect(stage.deals.count).toBe(rows.length);
          expect(stage.value).toBe(rows.reduce((sum, row) => sum + Number(row.value), 0));
          expect(stage.weightedValue).toBe(Math.round(rows.reduce((sum, row) => sum + Number(row.value) * row.probability, 0) / 100));
          if (stage.deals.count) {
            expect(await listed(stage.deals.link)).toBe(stage.deals.count);
            checked += 1;
          }
        }
      expect(checked).toBeGreaterThan(0);
      expect(figures.wonThisMonth.count).toBeGreaterThan(0);
      expect(await listed(figures.wonThisMonth.link)).toBe(figures.wonThisMonth.count);
    };
    const mine = HomeFiguresSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/home', headers: await manager.headers() })).json().data,
    );
    if (!mine.teamDeals) throw new Error('no team deals');
    await check(mine.teamDeals, teamIds);
    const admin = HomeFiguresSchema.parse((await world.rest('GET', 'home')).json().data);
    if (!admin.assetDeals) throw new Error('no asset deals');
    await check(admin.assetDeals, undefined);
    // Closed stages are not part of the open pipeline.
    expect(admin.assetDeals.pipelines.flatMap((p) => p.stages.map((stage) => stage.stage))).not.toContain('closed-won');
  });
});
