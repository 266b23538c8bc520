import { PERMISSIONS as P, projectContract } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createRole, createUser, loginAs, uniqueSuffix } from '../../../test/factories.js';
import { createWorld, type ResourceWorld, restAs } from '../../resources/resource-test-kit.js';
import { createLeadWorld, leadPayload } from '../leads/testing.js';

// A project's own FAQ, duplicate, the permit check and the agents who receive its off-plan leads (docs/leads.md).

let ctx: TestContext;
let world: ResourceWorld;
let api: ReturnType<typeof restAs>;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  api = restAs(ctx, await world.user([P.PROJECTS_VIEW]));
});
afterAll(async () => ctx.close());

const BASE = 'properties/projects';
const record = (body: string) => projectContract.record.parse(JSON.parse(body).data);

async function newProject(slug = `palm-${uniqueSuffix()}`) {
  const res = await api.post(BASE, { name: 'Palm Residences', slug });
  expect(res.statusCode, res.body).toBe(201);
  return record(res.body);
}

describe("a project's FAQ", () => {
  it('adds, reads, changes, reorders and removes questions under a heading', async () => {
    const project = await newProject();
    const questions = ['When is handover?', 'Is there a payment plan?', 'Are pets allowed?'];
    for (const question of questions) {
      const res = await api.post(`${BASE}/${project._id}/faq`, { question, answer: 'Yes.' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const heading = await api.patch(`${BASE}/${project._id}/faq/heading`, { faqHeading: 'Questions', faqHeadingAr: 'أسئلة' });
    expect(record(heading.body)).toMatchObject({ faqHeading: 'Questions', faqHeadingAr: 'أسئلة' });
    expect((await api.get(`${BASE}/${project._id}/faq/heading`)).json().data).toEqual({ faqHeading: 'Questions', faqHeadingAr: 'أسئلة' });

    const faqs = record((await api.get(`${BASE}/${project._id}`)).body).faqs ?? [];
    expect(faqs.map((f) => [f.question, f.order])).toEqual(questions.map((q, i) => [q, i]));
    const [first, second, third] = faqs.map((f) => f._id);
    expect((await api.get(`${BASE}/${project._id}/faq/${second}`)).json().data).toMatchObject({ question: questions[1], answer: 'Yes.' });

    const changed = await api.patch(`${BASE}/${project._id}/faq/${second}`, { answer: '60/40 over four years.' });
    expect(record(changed.body).faqs?.[1]).toMatchObject({ _id: second, question: questions[1], answer: '60/40 over four years.' });

    const moved = await api.patch(`${BASE}/${project._id}/change-faqs-order`, { ids: [third, first, second] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(record(moved.body).faqs?.map((f) => [f._id, f.order])).toEqual([
      [third, 0],
      [first, 1],
      [second, 2],
    ]);
    // A partial or repeated order is refused and changes nothing.
    for (const ids of [
      [third, first],
      [third, third, first],
    ]) {
      expect((await api.patch(`${BASE}/${project._id}/change-faqs-order`, { ids })).json()).toMatchObject({
        statusCode: 400,
        data: { ids: ['The new order must name every question of the project once.'] },
      });
    }
    const removed = await api.delete(`${BASE}/${project._id}/faq/${third}`);
    expect(record(removed.body).faqs?.map((f) => [f._id, f.order])).toEqual([
      [first, 0],
      [second, 1],
    ]);
    expect((await api.get(`${BASE}/${project._id}/faq/${third}`)).json()).toMatchObject({ statusCode: 404, message: 'Question not found' });
    expect((await api.delete(`${BASE}/${project._id}/faq/${third}`)).statusCode).toBe(404);
    expect((await api.post(`${BASE}/${project._id}/faq`, { question: '', answer: 'A' })).json()).toMatchObject({
      statusCode: 400,
      data: { question: ['Question is required.'] },
    });
  });
});

describe('POST duplicate', () => {
  it('copies every part under a free slug, disabled, with its own FAQ ids', async () => {
    const slug = `marina-${uniqueSuffix()}`;
    const project = await newProject(slug);
    const agent = await ctx.db.teamMember.create({
      data: { companyId: world.company.id, assetId: world.assetA.id, name: 'Dana', enabled: true },
    });
    await api.patch(`${BASE}/agents/${project._id}`, { agents: [agent.id] });
    await api.patch(`${BASE}/payment-plans/${project._id}`, {
      paymentPlans: [{ name: 'Full', milestones: [{ percentage: 100, dueAt: 'On booking' }] }],
    });
    await api.post(`${BASE}/${project._id}/faq`, { question: 'Q?', answer: 'A.' });

    const copy = await api.post(`${BASE}/duplicate`, { id: project._id });
    expect(copy.statusCode, copy.body).toBe(201);
    const duplicated = record(copy.body);
    expect(duplicated).toMatchObject({ name: 'Palm Residences (copy)', slug: `${slug}-copy`, enabled: false });
    expect(duplicated.paymentPlans).toEqual([{ name: 'Full', milestones: [{ percentage: 100, dueAt: 'On booking' }] }]);
    const source = record((await api.get(`${BASE}/${project._id}`)).body);
    expect(duplicated.faqs?.[0]).toMatchObject({ question: 'Q?', order: 0 });
    expect(duplicated.faqs?.[0]?._id).not.toBe(source.faqs?.[0]?._id);
    const agents = (await api.get(`${BASE}/${duplicated._id}`, { populate: ['agents'] })).json().data.agents;
    expect(agents).toEqual([{ _id: agent.id, name: 'Dana', enabled: true }]);

    const again = record((await api.post(`${BASE}/duplicate`, { id: project._id })).body);
    expect(again.slug).toBe(`${slug}-copy-2`);
    expect((await api.post(`${BASE}/duplicate`, { id: 'nope' })).json()).toMatchObject({
      statusCode: 400,
      data: { id: ['Project is invalid.'] },
    });
  });
});

describe('GET trakheesi/{project}/{permit}', () => {
  it('answers 409 naming the Trakheesi integration while the asset has none enabled, never a made-up result', async () => {
    const project = await newProject();
    const off = await api.get(`${BASE}/trakheesi/${project._id}/7123456`);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ statusCode: 409, data: { provider: 'trakheesi', reason: 'NOT_CONFIGURED' } });
    expect(off.json().message).toContain('Trakheesi');
    await ctx.db.integrationConfig.create({ data: { assetId: world.assetA.id, name: 'trakheesi', enabled: false } });
    expect((await api.get(`${BASE}/trakheesi/${project._id}/7123456`)).statusCode).toBe(409);
    await ctx.db.integrationConfig.update({
      where: { assetId_name: { assetId: world.assetA.id, name: 'trakheesi' } },
      data: { enabled: true },
    });
    // Switched on but never configured: the guard's 409 (a configured check is in listing-syndication.test.ts).
    const unconfigured = await api.get(`${BASE}/trakheesi/${project._id}/7123456`);
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json()).toMatchObject({ data: { provider: 'trakheesi', reason: 'NOT_CONFIGURED' } });
  });
});

describe("the project's agents receive its off-plan leads", () => {
  it('routes an off-plan lead to the agents set through the API', async () => {
    const leads = await createLeadWorld(ctx);
    const role = await createRole(ctx, [P.PROJECTS_VIEW], { company: leads.company });
    const editor = await createUser(ctx, { role, assets: [leads.asset] });
    const headers = await loginAs(ctx, editor.email);
    const manager = await leads.manager.headers();
    const offplan = async () => {
      const customer = await leads.customer();
      const payload = leadPayload(leads, customer.id, {
        type: 'offplan',
        listing: null,
        campaignName: leads.project.id,
        unitType: 'Apartment',
      });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/properties/leads/create', headers: manager, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.agent._id as string;
    };
    // The world's project starts with Bob and Cem; Ann takes over through the agents call.
    const ann = leads.agents[0].member.id;
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/${BASE}/agents/${leads.project.id}`,
      headers,
      payload: { agents: [ann] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await offplan()).toBe(ann);
    expect(await offplan()).toBe(ann);
    const cem = leads.agents[2].member.id;
    await ctx.app.inject({ method: 'PATCH', url: `/api/${BASE}/agents/${leads.project.id}`, headers, payload: { agents: [cem] } });
    expect(await offplan()).toBe(cem);
  });
});
