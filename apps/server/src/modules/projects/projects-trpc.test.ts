import { PERMISSIONS as P, projectContract } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { type Caller, createWorld, type ResourceWorld } from '../../resources/resource-test-kit.js';

// The project calls' tRPC door (what the editor uses): the same services as REST, typed by the same schemas, with
// messages naming the body's fields as REST's do, and another asset's project a 404.

let ctx: TestContext;
let world: ResourceWorld;
let editor: Caller;

function call(method: 'GET' | 'POST', procedure: string, input: unknown) {
  const json = JSON.stringify(input);
  return ctx.app.inject({
    method,
    url: method === 'GET' ? `/trpc/projects.${procedure}?input=${encodeURIComponent(json)}` : `/trpc/projects.${procedure}`,
    headers: { ...editor.headers, 'content-type': 'application/json' },
    ...(method === 'POST' ? { payload: json } : {}),
  });
}
const data = (res: { json: () => unknown }) =>
  projectContract.record.parse((res.json() as { result: { data: { data: unknown } } }).result.data.data);
const envelope = (res: { json: () => unknown }) =>
  (res.json() as { error: { data: { envelope: Record<string, unknown> } } }).error.data.envelope;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
  editor = await world.user([P.PROJECTS_VIEW]);
});
afterAll(async () => ctx.close());

describe("the projects' tRPC door", () => {
  it('saves parts and the FAQ, duplicates, and refuses with the field names of the body', async () => {
    const project = data(await call('POST', 'create', { name: 'Bay View', slug: `bay-view-${uniqueSuffix()}` }));
    const plan = { name: 'Full', milestones: [{ percentage: 100, dueAt: 'On booking' }] };
    expect(data(await call('POST', 'savePaymentPlans', { id: project._id, data: { paymentPlans: [plan] } })).paymentPlans).toEqual([plan]);
    const short = await call('POST', 'savePaymentPlans', {
      id: project._id,
      data: { paymentPlans: [{ ...plan, milestones: [{ percentage: 50, dueAt: 'Now' }] }] },
    });
    expect(envelope(short)).toMatchObject({
      statusCode: 400,
      data: { 'paymentPlans.0.milestones': ['The milestones of Full must add up to 100%.'] },
    });

    const withFaq = data(await call('POST', 'addFaq', { id: project._id, data: { question: 'Pets?', answer: 'Yes.' } }));
    const faqId = withFaq.faqs?.[0]?._id ?? '';
    expect((await call('GET', 'faq', { id: project._id, faqId })).json()).toMatchObject({
      result: { data: { data: { question: 'Pets?' } } },
    });
    expect(
      data(await call('POST', 'saveDld', { id: project._id, part: 'project-number', data: { projectNumber: '77' } })).dld,
    ).toMatchObject({ projectNumber: '77' });

    const copy = data(await call('POST', 'duplicate', { id: project._id }));
    expect(copy).toMatchObject({ name: 'Bay View (copy)', enabled: false, paymentPlans: [plan] });

    const other = await ctx.db.project.create({
      data: { companyId: world.company.id, assetId: world.assetB.id, name: 'B', slug: `b-${uniqueSuffix()}` },
    });
    expect(envelope(await call('POST', 'saveKeyPoints', { id: other.id, data: { keyPoints: ['x'] } }))).toMatchObject({ statusCode: 404 });
    expect(envelope(await call('GET', 'permit', { project: project._id, permit: '123' }))).toMatchObject({
      statusCode: 409,
      data: { provider: 'trakheesi', reason: 'NOT_CONFIGURED' },
    });
  });
});
