import { PERMISSIONS as P, PROJECT_TRANSLATION_TEXT, projectContract } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { uniqueSuffix } from '../../../test/factories.js';
import { createWorld, type ResourceWorld, restAs } from '../../resources/resource-test-kit.js';

// The off-plan record and every project call of SPEC section 7 'Projects', against real PostgreSQL: each part
// saved and answered in the contract's record, refused with field messages, and 404 for another asset's project.

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

async function newProject(overrides: Record<string, unknown> = {}) {
  const res = await api.post(BASE, { name: 'Creek Vista', slug: `creek-vista-${uniqueSuffix()}`, city: 'Dubai', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return record(res.body);
}

/** A project of asset B, which the asset A caller must not reach. */
async function otherAssetProject() {
  return ctx.db.project.create({
    data: { companyId: world.company.id, assetId: world.assetB.id, name: 'Elsewhere', slug: `elsewhere-${uniqueSuffix()}` },
  });
}

async function storedFile(assetId: string, name: string, type: 'image' | 'other', mimeType: string) {
  return ctx.db.storedFile.create({
    data: {
      companyId: world.company.id,
      assetId,
      name,
      type,
      mimeType,
      ext: name.split('.').pop() ?? null,
      storageKey: `k/${name}`,
      url: `/api/storage/files/${name}`,
    },
  });
}

async function member(assetId: string, name: string) {
  return ctx.db.teamMember.create({ data: { companyId: world.company.id, assetId, name, enabled: true, isLeadProcessEnabled: true } });
}

describe('the off-plan record', () => {
  it('keeps the record fields, the brochure as a PDF of the asset, and refuses bad input with field messages', async () => {
    const pdf = await storedFile(world.assetA.id, 'brochure.pdf', 'other', 'application/pdf');
    const image = await storedFile(world.assetA.id, 'cover.png', 'image', 'image/png');
    const project = await newProject({
      campaignName: 'Creek Launch',
      community: 'Dubai Creek Harbour',
      status: 'Launched',
      description: 'Waterfront towers',
      descriptionAr: 'أبراج على الواجهة المائية',
      startDate: '2026-01-01T00:00:00.000Z',
      completionDate: '2028-06-30T00:00:00.000Z',
      handoverDate: '2028-09-30T00:00:00.000Z',
      brochure: pdf.id,
    });
    expect(project).toMatchObject({
      community: 'Dubai Creek Harbour',
      status: 'Launched',
      descriptionAr: 'أبراج على الواجهة المائية',
      handoverDate: '2028-09-30T00:00:00.000Z',
      brochure: pdf.id,
      brochureUrl: pdf.url,
      types: [],
      paymentPlans: [],
      faqs: [],
    });
    const refused = await api.patch(`${BASE}/${project._id}`, { status: 'Finished', brochure: image.id });
    expect(refused.json()).toMatchObject({ statusCode: 400, data: { status: ['Status is invalid.'] } });
    const notPdf = await api.patch(`${BASE}/${project._id}`, { brochure: image.id });
    expect(notPdf.json()).toMatchObject({ statusCode: 400, data: { brochure: ['The brochure must be a PDF file.'] } });
    const other = await otherAssetProject();
    expect((await api.patch(`${BASE}/${other.id}`, { name: 'Mine' })).statusCode).toBe(404);
  });

  it('answers the distinct cities, communities and statuses of the asset only', async () => {
    await newProject({ community: 'Arjan', status: 'Ready' });
    await ctx.db.project.create({
      data: { companyId: world.company.id, assetId: world.assetB.id, name: 'B', slug: `b-${uniqueSuffix()}`, community: 'Hidden Hills' },
    });
    const communities = (await api.get(`${BASE}/distinct/community`)).json().data;
    expect(communities).toContain('Arjan');
    expect(communities).not.toContain('Hidden Hills');
    expect((await api.get(`${BASE}/distinct/status`)).json().data).toContain('Ready');
  });
});

describe("a project's translations", () => {
  it('keeps texts per language, the Arabic description and descriptionAr as one, and refuses an unknown language', async () => {
    const project = await newProject({
      translations: { ar: { name: 'خور فيستا', description: 'وصف المشروع' }, fr: { name: 'Creek Vista FR', campaignName: '' } },
    });
    // Empty texts are dropped; the Arabic description is the project's descriptionAr too.
    expect(project.translations).toEqual({ ar: { name: 'خور فيستا', description: 'وصف المشروع' }, fr: { name: 'Creek Vista FR' } });
    expect(project.descriptionAr).toBe('وصف المشروع');

    // The Details form's Arabic description updates the translation, keeping the rest.
    const details = await api.patch(`${BASE}/${project._id}`, { descriptionAr: 'وصف جديد' });
    expect(details.statusCode, details.body).toBe(200);
    expect(record(details.body).translations).toEqual({
      ar: { name: 'خور فيستا', description: 'وصف جديد' },
      fr: { name: 'Creek Vista FR' },
    });

    // The Translations tab sends them all: Arabic without a description clears descriptionAr; none at all is null.
    const tab = await api.patch(`${BASE}/${project._id}`, { translations: { ar: { name: 'خور' }, de: { description: 'Ein Projekt' } } });
    expect(record(tab.body)).toMatchObject({
      translations: { ar: { name: 'خور' }, de: { description: 'Ein Projekt' } },
      descriptionAr: null,
    });
    const cleared = await api.patch(`${BASE}/${project._id}`, { translations: {} });
    expect(record(cleared.body)).toMatchObject({ translations: null, descriptionAr: null });

    const both = await api.patch(`${BASE}/${project._id}`, { translations: { ar: { description: 'أ' } }, descriptionAr: 'ب' });
    expect(both.json()).toMatchObject({ statusCode: 400, data: { descriptionAr: [PROJECT_TRANSLATION_TEXT.arabicDescriptionTwice] } });
    for (const translations of [{ en: { name: 'English' } }, { xx: { name: 'X' } }, { ar: { title: 'X' } }, { ar: 'X' }]) {
      const bad = await api.patch(`${BASE}/${project._id}`, { translations });
      expect(bad.statusCode, JSON.stringify(translations)).toBe(400);
    }
    const unknown = await api.patch(`${BASE}/${project._id}`, { translations: { xx: { name: 'X' } } });
    expect(Object.keys(unknown.json().data)).toEqual(['translations.xx']);
    // Each change is in the project's history.
    const history = await ctx.db.activityLog.findMany({ where: { subjectType: 'projects', subjectId: project._id } });
    expect(history.map((row) => row.action)).toEqual(['create', 'update', 'update', 'update']);
  });
});

describe('the parts of a project', () => {
  it('saves unit types and derives the summary the lead form reads', async () => {
    const project = await newProject();
    const res = await api.patch(`${BASE}/types/${project._id}`, {
      types: [
        { type: 'Apartment', bedrooms: 2, minSize: 1100, maxSize: 1400, minPrice: 1_900_000, maxPrice: 2_400_000 },
        { type: 'Penthouse', bedrooms: 4, minSize: 3000, maxSize: null, minPrice: 6_000_000, maxPrice: null },
        { type: 'Apartment', bedrooms: 1, minSize: 700, maxSize: 800, minPrice: 1_100_000, maxPrice: 1_300_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(record(res.body)).toMatchObject({
      unitTypes: ['Apartment', 'Penthouse'],
      bedrooms: [1, 2, 4],
      minPrice: 1_100_000,
      maxPrice: 6_000_000,
    });
    const bad = await api.patch(`${BASE}/types/${project._id}`, {
      types: [{ type: 'Castle', bedrooms: 1, minSize: 900, maxSize: 800, minPrice: null, maxPrice: null }],
    });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      data: { 'types.0.type': ['Type is invalid.'], 'types.0.maxSize': [expect.any(String)] },
    });
  });

  it('keeps payment plans whose milestones add up to 100%', async () => {
    const project = await newProject();
    const plan = {
      name: '60/40',
      milestones: [
        { percentage: 10, dueAt: 'On booking' },
        { percentage: 50, dueAt: 'During construction' },
        { percentage: 40, dueAt: 'On handover' },
      ],
    };
    const res = await api.patch(`${BASE}/payment-plans/${project._id}`, { paymentPlans: [plan] });
    expect(res.statusCode, res.body).toBe(200);
    expect(record(res.body).paymentPlans).toEqual([plan]);
    const short = await api.patch(`${BASE}/payment-plans/${project._id}`, {
      paymentPlans: [{ name: 'Short', milestones: [{ percentage: 90, dueAt: 'On booking' }] }],
    });
    expect(short.json()).toMatchObject({
      statusCode: 400,
      data: { 'paymentPlans.0.milestones': ['The milestones of Short must add up to 100%.'] },
    });
    expect(record((await api.get(`${BASE}/${project._id}`)).body).paymentPlans).toEqual([plan]);
  });

  it('keeps a gallery of the asset’s images, amenities, key points and the DLD details', async () => {
    const project = await newProject();
    const [one, two] = [
      await storedFile(world.assetA.id, 'a.jpg', 'image', 'image/jpeg'),
      await storedFile(world.assetA.id, 'b.jpg', 'image', 'image/jpeg'),
    ];
    const gallery = await api.patch(`${BASE}/gallery/${project._id}`, { gallery: [two.id, one.id] });
    expect(record(gallery.body).gallery).toEqual([
      { file: two.id, url: two.url },
      { file: one.id, url: one.url },
    ]);
    const pdf = await storedFile(world.assetA.id, 'c.pdf', 'other', 'application/pdf');
    const foreign = await storedFile(world.assetB.id, 'd.jpg', 'image', 'image/jpeg');
    expect((await api.patch(`${BASE}/gallery/${project._id}`, { gallery: [pdf.id] })).json()).toMatchObject({
      statusCode: 400,
      data: { gallery: ['The gallery only takes images.'] },
    });
    expect((await api.patch(`${BASE}/gallery/${project._id}`, { gallery: [foreign.id] })).json()).toMatchObject({
      statusCode: 400,
      data: { gallery: ['File not found.'] },
    });

    const amenities = await api.patch(`${BASE}/amenities/${project._id}`, { amenities: ['Shared Pool', 'Shared Gym'] });
    expect(amenities.statusCode, amenities.body).toBe(200);
    expect(record(amenities.body).amenities).toEqual(['Shared Pool', 'Shared Gym']);
    expect((await api.patch(`${BASE}/amenities/${project._id}`, { amenities: ['Moat'] })).statusCode).toBe(400);

    const points = await api.patch(`${BASE}/${project._id}/keypoints`, { keyPoints: ['5 minutes to Downtown', 'Marina views'] });
    expect(record(points.body).keyPoints).toEqual(['5 minutes to Downtown', 'Marina views']);
    expect((await api.patch(`${BASE}/${project._id}/keypoints`, { keyPoints: ['  '] })).json()).toMatchObject({ statusCode: 400 });

    await api.patch(`${BASE}/dld/${project._id}/project-number`, { projectNumber: '3120' });
    const escrow = await api.patch(`${BASE}/dld/${project._id}/escrow-account`, {
      escrowBank: 'Emirates NBD',
      escrowAccountNumber: '101-2233',
    });
    expect(record(escrow.body).dld).toEqual({ projectNumber: '3120', escrowBank: 'Emirates NBD', escrowAccountNumber: '101-2233' });
    expect((await api.patch(`${BASE}/dld/${project._id}/escrow-account`, { projectNumber: '1' })).statusCode).toBe(400);
    expect((await api.patch(`${BASE}/dld/${project._id}/permit`, { projectNumber: '1' })).statusCode).toBe(400);
  });

  it('sets the agents to members of the asset only', async () => {
    const project = await newProject();
    const ann = await member(world.assetA.id, 'Ann');
    const res = await api.patch(`${BASE}/agents/${project._id}`, { agents: [ann.id] });
    expect(res.statusCode, res.body).toBe(200);
    const read = await api.get(`${BASE}/${project._id}`, { populate: ['agents'] });
    expect(read.json().data.agents).toEqual([{ _id: ann.id, name: 'Ann', enabled: true }]);
    const outsider = await member(world.assetB.id, 'Bea');
    expect((await api.patch(`${BASE}/agents/${project._id}`, { agents: [outsider.id] })).json()).toMatchObject({
      statusCode: 400,
      data: { agents: ['Agent not found.'] },
    });
  });

  it('answers 404 for another asset’s project on every part call, and 403 without PROJECTS_VIEW', async () => {
    const other = await otherAssetProject();
    const calls = [
      api.patch(`${BASE}/types/${other.id}`, { types: [] }),
      api.patch(`${BASE}/payment-plans/${other.id}`, { paymentPlans: [] }),
      api.patch(`${BASE}/gallery/${other.id}`, { gallery: [] }),
      api.patch(`${BASE}/amenities/${other.id}`, { amenities: [] }),
      api.patch(`${BASE}/agents/${other.id}`, { agents: [] }),
      api.patch(`${BASE}/${other.id}/keypoints`, { keyPoints: [] }),
      api.patch(`${BASE}/dld/${other.id}/project-number`, { projectNumber: '1' }),
      api.post(`${BASE}/${other.id}/faq`, { question: 'Q?', answer: 'A' }),
      api.patch(`${BASE}/${other.id}/faq/heading`, { faqHeading: 'H' }),
      api.get(`${BASE}/${other.id}/faq/heading`),
      api.post(`${BASE}/duplicate`, { id: other.id }),
      api.get(`${BASE}/trakheesi/${other.id}/12345`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const reader = restAs(ctx, await world.user([P.MEMBERS_VIEW]));
    const mine = await newProject();
    expect((await reader.patch(`${BASE}/types/${mine._id}`, { types: [] })).statusCode).toBe(403);
  });
});
