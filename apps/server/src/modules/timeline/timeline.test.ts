import { LEAD_ASSIGNMENT_REASON, TIMELINE_KINDS, TIMELINE_MESSAGES as M, type TimelineEntry } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, uniqueSuffix } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createDealWorld, type DealWorld } from '../deals/testing.js';
import { runLeadSlaSweep } from '../leads/index.js';

// Timelines over real PostgreSQL and Redis: every kind of entry on a lead, newest first across kinds; pages that
// neither skip nor repeat an entry when many share one time; the customer's and the deal's; another asset's record
// 404; a caller who may not read the lead 403; a bad limit or cursor 400 on its field.

let ctx: TestContext;
let world: DealWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createDealWorld(ctx);
});
afterAll(async () => ctx?.close());

interface Page {
  data: TimelineEntry[];
  meta: { nextCursor: string | null };
}
const timeline = async (what: string, id: string, query = '') => {
  const res = await world.rest('GET', `timeline/${what}/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const at = (iso: string) => new Date(iso);

/** Every page of a timeline, `limit` at a time. */
async function walk(what: string, id: string, limit: number): Promise<TimelineEntry[]> {
  const out: TimelineEntry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await timeline(what, id, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    out.push(...page.data);
    cursor = page.meta.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('the timeline never ended');
}

/** A lead with one of each kind of entry, at known times after its own creation's. */
async function leadWithEveryKind() {
  const { leadId, customerId } = await world.lead();
  const agent = world.agents[1].member;
  const day = (n: number) => at(`2030-01-${String(n).padStart(2, '0')}T10:00:00.000Z`);
  await ctx.db.leadAssignment.createMany({
    data: [
      { leadId, agentId: agent.id, reason: LEAD_ASSIGNMENT_REASON.POOL_CLAIM, assignedAt: day(2) },
      { leadId, agentId: world.manager.member.id, reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED, assignedAt: day(3) },
    ],
  });
  const conversation = await ctx.db.conversation.create({
    data: { companyId: world.company.id, assetId: world.asset.id, leadId, customerId, channel: 'whatsapp', externalId: uniqueSuffix() },
  });
  await ctx.db.message.create({
    data: {
      assetId: world.asset.id,
      conversationId: conversation.id,
      direction: 'in',
      body: 'Is it still available?',
      status: 'received',
      externalId: uniqueSuffix(),
      sentAt: day(4),
    },
  });
  await ctx.db.viewing.create({
    data: {
      companyId: world.company.id,
      assetId: world.asset.id,
      leadId,
      customerId,
      listingId: world.listing.id,
      startsAt: day(9),
      durationMinutes: 30,
      createdAt: day(5),
    },
  });
  await ctx.db.envelope.create({
    data: {
      companyId: world.company.id,
      assetId: world.asset.id,
      leadId,
      fileId: await world.file(),
      subject: 'Form F',
      signerName: 'Buyer',
      signerEmail: 'buyer@example.com',
      createdAt: day(6),
    },
  });
  const activity = await world.rest('POST', 'activities', {
    type: 'call',
    subject: 'Discussed the budget',
    lead: leadId,
    outcome: 'Interested',
  });
  expect(activity.statusCode, activity.body).toBe(201);
  const staged = await world.rest('PATCH', `properties/leads/stage/${leadId}`, { stage: 'Deal', status: 'Open' });
  expect(staged.statusCode, staged.body).toBe(200);
  return { leadId, customerId, activityId: (activity.json() as { data: { _id: string } }).data._id };
}

const kindsOf = (entries: TimelineEntry[]) => new Set(entries.map((e) => e.kind));
const inOrder = (entries: TimelineEntry[]) =>
  entries.every(
    (e, i) =>
      i === 0 ||
      (entries[i - 1] as TimelineEntry).at > e.at ||
      ((entries[i - 1] as TimelineEntry).at === e.at && (entries[i - 1] as TimelineEntry).id > e.id),
  );

describe("a lead's timeline", () => {
  it("tells of the lead's entry into the pool when its initial SLA ran out, by the system, on the customer's too", async () => {
    const { leadId, customerId } = await world.lead();
    const now = Date.now();
    await ctx.db.lead.update({
      where: { id: leadId },
      data: {
        isAccepted: false,
        isInFreePool: false,
        isAssignedFromLeadPool: false,
        sendToPool: false,
        initialSlaEndDate: new Date(now - 60_000),
        freePoolSlaEndDate: new Date(now + 3_600_000),
      },
    });
    await runLeadSlaSweep(ctx.app.deps);
    expect((await ctx.db.lead.findUniqueOrThrow({ where: { id: leadId } })).isInFreePool).toBe(true);
    const entry = (await timeline('leads', leadId)).data.find((e) => e.title === M.enteredPool);
    expect(entry).toMatchObject({ kind: 'pool', by: null });
    expect((await timeline('customers', customerId, '?limit=100')).data.map((e) => e.id)).toContain(entry?.id);
  });

  it('holds every kind, each with who and when, newest first across kinds', async () => {
    const { leadId, activityId } = await leadWithEveryKind();
    const page = await timeline('leads', leadId, '?limit=100');
    expect(page.meta.nextCursor).toBeNull();
    expect(kindsOf(page.data)).toEqual(new Set(TIMELINE_KINDS));
    expect(inOrder(page.data)).toBe(true);
    const call = page.data.find((e) => e.id === `activity:${activityId}`);
    expect(call).toMatchObject({ kind: 'activity', title: 'Call: Discussed the budget', detail: 'Interested' });
    expect(call?.by?.name).toBeTruthy();
    expect(page.data.find((e) => e.kind === 'pool')?.title).toBe(M.poolClaim(world.agents[1].member.name));
    expect(page.data.find((e) => e.kind === 'sla')).toMatchObject({ by: null, title: M.slaEscalated(world.manager.member.name) });
    expect(page.data.find((e) => e.kind === 'conversation')).toMatchObject({
      title: M.messageIn('WhatsApp'),
      detail: 'Is it still available?',
      by: null,
    });
    // A viewing at its booking, its time in the asset's zone (Asia/Dubai: 14:00 for 10:00 UTC).
    expect(page.data.find((e) => e.kind === 'viewing')).toMatchObject({ title: M.viewing('scheduled', '9 Jan 2030, 14:00') });
    expect(page.data.find((e) => e.kind === 'document')?.link?.href).toMatch(/^\/api\/storage\/files\//);
    const deal = page.data.find((e) => e.kind === 'deal');
    expect(deal).toMatchObject({ title: M.dealOpened('Offer') });
    expect(deal?.link?.href).toMatch(/^\/reports\/deals\//);
    // The default page is 25; the tRPC door answers the same page.
    const trpc = await world.trpc('timeline.lead', { id: leadId, limit: 3 }, 'query');
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect((trpc.json() as { result: { data: Page } }).result.data.data).toEqual(page.data.slice(0, 3));
  });

  it('pages without a gap or a repeat when entries of several kinds share one time', async () => {
    const { leadId } = await world.lead();
    const same = at('2031-06-01T08:00:00.000Z');
    const agentId = world.agents[0].member.id;
    await ctx.db.leadStageChange.createMany({
      data: Array.from({ length: 9 }, () => ({ leadId, stage: 'Qualified', status: 'Open', changedAt: same })),
    });
    await ctx.db.leadAssignment.createMany({
      data: Array.from({ length: 8 }, () => ({ leadId, agentId, reason: 'manual', assignedAt: same })),
    });
    await ctx.db.activity.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({
        companyId: world.company.id,
        assetId: world.asset.id,
        leadId,
        type: 'note',
        subject: `n${i}`,
        createdAt: same,
      })),
    });
    const whole = (await timeline('leads', leadId, '?limit=100')).data;
    expect(whole.filter((e) => e.at === same.toISOString())).toHaveLength(24);
    for (const limit of [1, 4, 7]) {
      const walked = await walk('leads', leadId, limit);
      expect(walked.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    }
    expect(new Set(whole.map((e) => e.id)).size).toBe(whole.length);
    expect(inOrder(whole)).toBe(true);
  });

  it('answers 404 for another asset’s lead, 403 to a caller who may not read leads, 400 for a bad limit or cursor', async () => {
    const other = await createDealWorld(ctx);
    const theirs = await other.lead();
    const foreign = await world.rest('GET', `timeline/leads/${theirs.leadId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(M.leadNotFound);
    expect((await world.rest('GET', `timeline/customers/${theirs.customerId}`)).statusCode).toBe(404);
    const theirDeal = await other.deal();
    expect((await world.rest('GET', `timeline/deals/${theirDeal._id}`)).statusCode).toBe(404);
    expect((await world.rest('GET', 'timeline/leads/not-a-uuid')).statusCode).toBe(404);

    const { leadId, customerId } = await world.lead();
    const outsider = await loginAs(ctx, world.outsiderEmail);
    expect((await world.rest('GET', `timeline/leads/${leadId}`, undefined, outsider)).statusCode).toBe(403);
    expect((await world.rest('GET', `timeline/deals/${theirDeal._id}`, undefined, outsider)).statusCode).toBe(403);
    // The outsider may read customers, so the customer's timeline.
    expect((await world.rest('GET', `timeline/customers/${customerId}`, undefined, outsider)).statusCode).toBe(200);

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5']) {
      const res = await world.rest('GET', `timeline/leads/${leadId}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().data.limit, query).toEqual([M.limit]);
    }
    const made = Buffer.from('2030-01-01T00:00:00.000Z|stage:nonsense').toString('base64url');
    for (const cursor of ['%21%21', 'abc', made]) {
      const res = await world.rest('GET', `timeline/leads/${leadId}?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().data.cursor, cursor).toEqual([M.cursor]);
    }
  });
});

describe("a customer's and a deal's timelines", () => {
  it("the customer's holds their leads' entries and their deals' moves", async () => {
    const { leadId, customerId } = await leadWithEveryKind();
    const second = await world.rest('POST', 'activities', { type: 'email', subject: 'Brochure sent', customer: customerId });
    expect(second.statusCode, second.body).toBe(201);
    const lead = (await timeline('leads', leadId, '?limit=100')).data;
    const customer = (await timeline('customers', customerId, '?limit=100')).data;
    expect(inOrder(customer)).toBe(true);
    expect(customer.map((e) => e.id)).toEqual(expect.arrayContaining(lead.map((e) => e.id)));
    expect(customer.find((e) => e.title === 'Email: Brochure sent')).toBeTruthy();
  });

  it("the deal's holds its opening and moves, and its lead's activities from its opening on", async () => {
    const leadId = await world.saleLead();
    const before = await world.rest('POST', 'activities', { type: 'note', subject: 'Before the deal', lead: leadId });
    expect(before.statusCode).toBe(201);
    const deal = await world.deal({ lead: leadId });
    await world.rest('POST', 'activities', { type: 'note', subject: 'Early note', lead: leadId });
    const moved = await world.rest('PATCH', `deals/${deal._id}/stage`, { stage: 'closed-lost', lostReason: 'Bought elsewhere' });
    expect(moved.statusCode, moved.body).toBe(200);
    const onDeal = await world.rest('POST', 'activities', { type: 'call', subject: 'Asked why', deal: deal._id });
    expect(onDeal.statusCode, onDeal.body).toBe(201);

    const page = await timeline('deals', deal._id);
    expect(page.data.map((e) => e.title)).toEqual([
      'Call: Asked why',
      M.dealMoved('Offer', 'Closed lost'),
      'Note: Early note',
      M.dealOpened('Offer'),
    ]);
    expect(page.data.find((e) => e.kind === 'deal')?.by?.name).toBeTruthy();
    expect(page.data.some((e) => e.link)).toBe(false);
    const rows = await ctx.db.dealStageChange.findMany({ where: { dealId: deal._id }, orderBy: { changedAt: 'asc' } });
    expect(rows.map((r) => [r.fromStage, r.toStage, r.outcome])).toEqual([
      [null, 'offer', 'open'],
      ['offer', 'closed-lost', 'lost'],
    ]);
  });

  it("the deal's holds its documents as they were added and removed, by whom, linked to the file", async () => {
    const deal = await world.deal();
    const form = await world.file();
    const spa = await world.file();
    const patch = async (documents: { file: string; kind: string }[]) => {
      const res = await world.rest('PATCH', `deals/${deal._id}`, { documents });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch([{ file: form, kind: 'Form F / MOU' }]);
    await patch([
      { file: form, kind: 'Form F / MOU' },
      { file: spa, kind: 'SPA' },
    ]);
    // A change of another column writes no document entry.
    expect((await world.rest('PATCH', `deals/${deal._id}`, { notes: 'Buyer is keen' })).statusCode).toBe(200);
    await patch([{ file: spa, kind: 'SPA' }]);

    const documents = (await timeline('deals', deal._id)).data.filter((e) => e.kind === 'document');
    expect(documents.map((e) => e.title)).toEqual([
      M.documentsChanged([], ['Form F / MOU']),
      M.documentsChanged(['SPA'], []),
      M.documentsChanged(['Form F / MOU'], []),
    ]);
    expect(documents.every((e) => e.by?.name)).toBe(true);
    const file = await ctx.db.storedFile.findUniqueOrThrow({ where: { id: form } });
    expect(documents[2]?.link).toEqual({ label: file.name, href: file.url });
    expect(documents[0]?.link).toBeUndefined();
  });
});
