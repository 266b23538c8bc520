import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrokerStatistics,
  LEAD_ASSIGNMENT_REASON,
  type LeadAssignmentFilter,
  officeFigures,
  PERMISSIONS as P,
  TEAM_REPORT_EXPORT_PATHS,
} from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createLeadWorld, leadPayload, type LeadWorld } from '../leads/testing.js';
import { brokerFigures, figureRanges } from './member-brokers.service.js';

// The team reports' exports (the JSON report's figures as CSV and XLSX), their figures from the per-day table
// against the plain aggregate, and each figure's click-through: the Leads report's total for it is the figure.

let ctx: TestContext;
let world: LeadWorld;
let reader: { authorization: string };
const DAY = 86_400_000;
const base = Date.UTC(2026, 9, 10, 0, 0, 0);

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createLeadWorld(ctx, { assetName: `Team reports ${Date.now()}` });
  const role = await createRole(ctx, [P.BETTER_AGENT_REPORT_VIEW, P.MANAGERS_REPORT_VIEW, P.OFFICEWAR_REPORT_VIEW, P.LEADS_REPORT_VIEW], {
    company: world.company,
  });
  reader = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const managerHeaders = await world.manager.headers();
  // Seven leads routed to Ann, spread over four days at different hours; two accepted, one claimed, one escalated.
  const ids: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/leads/create',
      headers: managerHeaders,
      payload: leadPayload(world, (await world.customer()).id),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push((res.json().data as { _id: string })._id);
  }
  for (const [i, id] of ids.entries()) {
    const assignedAt = new Date(base + Math.floor(i / 2) * DAY + (i % 2 ? 20 : 3) * 3_600_000);
    const accepted = i === 1 || i === 4;
    await ctx.db.leadAssignment.updateMany({
      where: { leadId: id },
      data: {
        assignedAt,
        ...(accepted ? { acceptedAt: new Date(assignedAt.getTime() + 600_000), responseMinutes: i * 5 } : {}),
        ...(i === 2 ? { reason: LEAD_ASSIGNMENT_REASON.POOL_CLAIM } : {}),
      },
    });
  }
  // Lead 5's pool time ran out: the manager got it a day later.
  await ctx.db.leadAssignment.create({
    data: {
      leadId: ids[5] as string,
      agentId: world.manager.member.id,
      reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED,
      assignedAt: new Date(base + 4 * DAY),
    },
  });
});
afterAll(async () => ctx.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function report(query = ''): Promise<BrokerStatistics['agents']> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/teams/members/statistics/better-agent${query}`, headers: reader });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.agents;
}

/** The figures straight from the assignments, as the report read them before the per-day table. */
async function plain(from: Date | null, to: Date | null) {
  const rows = await ctx.db.$queryRaw<
    { agentId: string; assigned: bigint; accepted: bigint; claimed: bigint; escalated: bigint; response: number | null }[]
  >`
    SELECT a."agentId", count(*) AS assigned, count(a."acceptedAt") AS accepted,
      count(*) FILTER (WHERE a.reason = 'pool_claim') AS claimed,
      count(*) FILTER (WHERE a."acceptedAt" IS NULL AND EXISTS (SELECT 1 FROM "LeadAssignment" later WHERE later."leadId" = a."leadId"
        AND later."assignedAt" > a."assignedAt" AND later.reason = 'pool_expired')) AS escalated,
      avg(a."responseMinutes") AS response
    FROM "LeadAssignment" a JOIN "Lead" l ON l.id = a."leadId" AND l."assetId" = ${world.asset.id}::uuid AND l."deletedAt" IS NULL
    WHERE (${from}::timestamp IS NULL OR a."assignedAt" >= ${from}::timestamp) AND (${to}::timestamp IS NULL OR a."assignedAt" <= ${to}::timestamp)
    GROUP BY a."agentId"`;
  return new Map(rows.map((r) => [r.agentId, [Number(r.assigned), Number(r.accepted), Number(r.claimed), Number(r.escalated)]]));
}

describe('the Brokers report from the per-day figures', () => {
  it('splits a range into whole months, whole days and the partial days at its ends', () => {
    const at = (iso: string) => new Date(iso);
    expect(figureRanges(at('2026-01-30T20:00:00Z'), at('2026-04-02T10:00:00Z'))).toEqual({
      months: { from: at('2026-02-01T00:00:00Z'), to: at('2026-04-01T00:00:00Z') },
      days: [
        { from: at('2026-01-31T00:00:00Z'), to: at('2026-02-01T00:00:00Z') },
        { from: at('2026-04-01T00:00:00Z'), to: at('2026-04-02T00:00:00Z') },
      ],
      raw: [
        { from: at('2026-01-30T20:00:00Z'), to: at('2026-01-31T00:00:00Z') },
        { from: at('2026-04-02T00:00:00Z'), to: at('2026-04-02T10:00:00.001Z') },
      ],
    });
  });

  it('equals the plain aggregate over whole days, partial days and open ranges, and follows a deleted lead', async () => {
    const ranges: [Date | null, Date | null][] = [
      [null, null],
      [new Date(base), new Date(base + 2 * DAY - 1)],
      [new Date(base + 5 * 3_600_000), new Date(base + 3 * DAY + 4 * 3_600_000)],
      [new Date(base + 21 * 3_600_000), null],
      [null, new Date(base + DAY + 10 * 3_600_000)],
      [new Date(base + 2 * 3_600_000), new Date(base + 4 * 3_600_000)],
      // Whole months between partial ones, and a range ending on the last day of a month.
      [new Date(Date.UTC(2026, 8, 15, 6)), new Date(Date.UTC(2026, 10, 20, 6))],
      [new Date(Date.UTC(2026, 8, 30, 22)), new Date(Date.UTC(2026, 9, 31, 23, 59, 59, 999))],
    ];
    const check = async () => {
      for (const [from, to] of ranges) {
        const expected = await plain(from, to);
        const { agents } = await brokerFigures(ctx.db, world.asset.id, from, to);
        for (const agent of agents) {
          const want = expected.get(agent.member._id) ?? [0, 0, 0, 0];
          expect(
            [agent.leadsAssigned, agent.leadsAccepted, agent.claimedFromPool, agent.escalated],
            `${from?.toISOString()}..${to?.toISOString()}`,
          ).toEqual(want);
        }
      }
    };
    await check();
    const ann = (await report()).find((a) => a.member._id === world.agents[0].member.id);
    expect(ann).toMatchObject({ leadsAssigned: 7, leadsAccepted: 2, claimedFromPool: 1, escalated: 1, averageResponseTime: 12.5 });
    // A deleted lead leaves the figures, and comes back with its restore.
    const one = await ctx.db.lead.findFirstOrThrow({
      where: { assetId: world.asset.id, assignments: { some: { acceptedAt: { not: null } } } },
    });
    await ctx.db.lead.update({ where: { id: one.id }, data: { deletedAt: new Date() } });
    await check();
    await ctx.db.lead.update({ where: { id: one.id }, data: { deletedAt: null } });
    await check();
  });
});

describe('the exports', () => {
  const get = (report: keyof typeof TEAM_REPORT_EXPORT_PATHS, query: string, headers = reader) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/${TEAM_REPORT_EXPORT_PATHS[report]}?${query}`,
      headers: { ...headers, 'x-timezone': 'Asia/Dubai' },
    });

  it('writes the Brokers report as CSV with the JSON report’s figures, named by the range in the caller’s zone', async () => {
    const from = iso(base - 4 * 3_600_000);
    const to = iso(base + 10 * DAY);
    const json = await report(`?from=${from}&to=${to}`);
    const res = await get('brokers', `format=csv&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // 2026-10-09T20:00Z is the 10th in Dubai.
    expect(res.headers['content-disposition']).toContain('brokers-2026-10-10-to-2026-10-20.csv');
    const [header, ...lines] = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'Agent,Office,Leads Assigned,Accepted,Claimed From Pool,Escalated,Average Response Time,Rating,Deals Won,Won Value',
    );
    expect(lines).toHaveLength(json.length);
    for (const agent of json) {
      const line = lines.find((l) => l.startsWith(`${agent.member.name},`));
      const cells = line?.split(',') ?? [];
      expect(cells.slice(2, 6).map(Number)).toEqual([agent.leadsAssigned, agent.leadsAccepted, agent.claimedFromPool, agent.escalated]);
    }
    // Most assigned first, as on screen.
    expect(lines[0]?.startsWith('Agent Ann,Marina,7,2,1,1,')).toBe(true);
    const marina = await get('brokers', 'format=csv&office=Marina');
    expect(
      marina.body
        .trim()
        .split('\n')
        .slice(1)
        .every((l) => l.split(',')[1] === 'Marina'),
    ).toBe(true);
  });

  it('writes the Offices report as XLSX with the domain sums, and the Managers report, each under its own permission', async () => {
    const json = await report();
    const res = await get('offices', 'format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1).slice(0, 4)).toEqual(['Rank', 'Office', 'Members', 'Leads Assigned']);
    const offices = officeFigures(json);
    offices.forEach((office, i) => {
      expect(values(i + 2).slice(0, 5)).toEqual([
        i + 1,
        office.office ?? 'No office',
        office.members,
        office.leadsAssigned,
        office.leadsAccepted,
      ]);
    });
    const managers = await get('managers', 'format=csv&excludeTestAgents=false');
    expect(managers.statusCode, managers.body).toBe(200);
    expect(managers.body).toContain('Manager Mia,Head Office,');
    expect(managers.body.split('\n')[0]).toContain('Escalated To Manager');

    const role = await createRole(ctx, [P.MANAGERS_REPORT_VIEW], { company: world.company });
    const managersOnly = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
    expect((await get('brokers', 'format=csv', managersOnly)).statusCode).toBe(403);
    expect((await get('managers', 'format=csv', managersOnly)).statusCode).toBe(200);
    expect((await get('brokers', 'format=pdf')).statusCode).toBe(400);
    expect((await get('brokers', 'from=2099-01-01T00:00:00Z&office=Nowhere')).statusCode).toBe(404);
  });
});

describe('click-through to the Leads report', () => {
  async function total(filter: LeadAssignmentFilter) {
    const query = encodeURIComponent(JSON.stringify({ query: { assignment: filter }, limit: 5 }));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads?filter=${query}`, headers: reader });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().meta.total as number;
  }

  it("lists exactly the leads behind an agent's, an office's and a manager's figures", async () => {
    const ranges = [{}, { from: iso(base + 5 * 3_600_000), to: iso(base + 2 * DAY + 4 * 3_600_000) }];
    for (const range of ranges) {
      const json = await report(range.from ? `?from=${range.from}&to=${range.to}` : '');
      const ann = json.find((a) => a.member._id === world.agents[0].member.id);
      const mia = json.find((a) => a.member._id === world.manager.member.id);
      if (!ann || !mia) throw new Error('members missing from the report');
      const agents = [ann.member._id];
      expect(await total({ figure: 'assigned', agents, ...range })).toBe(ann.leadsAssigned);
      expect(await total({ figure: 'accepted', agents, ...range })).toBe(ann.leadsAccepted);
      expect(await total({ figure: 'claimed', agents, ...range })).toBe(ann.claimedFromPool);
      expect(await total({ figure: 'escalated', agents, ...range })).toBe(ann.escalated);
      expect(await total({ figure: 'escalatedToManager', agents: [mia.member._id], ...range })).toBe(mia.escalatedToThem);
      const marina = officeFigures(json).find((o) => o.office === 'Marina');
      if (!marina) throw new Error('Marina missing');
      expect(await total({ figure: 'accepted', agents: marina.memberIds, ...range })).toBe(marina.leadsAccepted);
    }
    expect(ranges.length).toBe(2);
  });

  it('refuses an assignment filter that does not read', async () => {
    const query = encodeURIComponent(JSON.stringify({ query: { assignment: { figure: 'won', agents: [] } } }));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/properties/leads?filter=${query}`, headers: reader });
    expect(res.statusCode).toBe(400);
  });
});
