import { AMENITIES } from '@crm/domain';
import { TRAKHEESI_FAKE_CREDENTIALS } from '../../test/fakes/trakheesi.fake.js';
import { uniqueSuffix } from '../../test/factories.js';
import { applyDueClockStep } from '../modules/leads/index.js';
import { leadPayload } from '../modules/leads/testing.js';
import type { RouteCase, RouteKit, Written } from './activity-routes.kit.js';

// Test-only: the route table's cases of the records' own calls beside the generic ones (customers, team members,
// listings, projects, FAQs, custom fields, leads), for activity-log-routes.test.ts.

const one =
  (subjectType: string, subjectId: string, action: Written['action'] = 'update') =>
  (): Written[] => [{ subjectType, subjectId, action }];

/** A customer with a login of their own (for the link calls). */
async function customerWithLogin(kit: RouteKit) {
  const id = await kit.create('customers');
  const res = await kit.admin.patch(`customers/${id}/add-credentials`, { password: 'First-pass1' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return id;
}

/** A project with two questions in its own FAQ. */
async function projectWithFaqs(kit: RouteKit) {
  const id = await kit.create('projects');
  for (const question of ['When is handover?', 'Is there a payment plan?'])
    await kit.admin.post(`properties/projects/${id}/faq`, { question, answer: 'Yes.' });
  const faqs = (await kit.ctx.db.project.findUniqueOrThrow({ where: { id }, select: { faqs: true } })).faqs as { _id: string }[];
  return { id, faqs: faqs.map((faq) => faq._id) };
}

/** A project part call: PATCH the part of a new project with `body`. */
const projectPart =
  (route: (id: string) => string, body: (kit: RouteKit) => object | Promise<object>): RouteCase =>
  async (kit) => {
    const id = await kit.create('projects');
    const payload = await body(kit);
    return { send: () => kit.admin.patch(route(id), payload), rows: one('projects', id) };
  };

const imageFile = async (kit: RouteKit) => {
  const suffix = uniqueSuffix();
  const file = await kit.ctx.db.storedFile.create({
    data: {
      companyId: kit.world.company.id,
      assetId: kit.world.assetA.id,
      name: `g-${suffix}.png`,
      category: 'gallery',
      type: 'image',
      mimeType: 'image/png',
      size: 10,
      storageKey: `${kit.world.assetA.id}/${suffix}.png`,
      url: `/api/storage/files/${suffix}`,
      ext: 'png',
    },
  });
  return file.id;
};

/** A lead of the lead world, created by its manager. */
export async function newLead(kit: RouteKit, overrides: Record<string, unknown> = {}) {
  const res = await kit.ctx.app.inject({
    method: 'POST',
    url: '/api/properties/leads/create',
    headers: await kit.leads.manager.headers(),
    payload: leadPayload(kit.leads, (await kit.leads.customer()).id, overrides),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { _id: string; customer: { _id: string }; agent: { _id: string } };
}

const leadCall = (kit: RouteKit, method: 'POST' | 'PATCH', path: string, headers: { authorization: string }, payload?: object) =>
  kit.ctx.app.inject({ method, url: `/api/properties/leads/${path}`, headers, ...(payload ? { payload } : {}) });

/** A permit Trakheesi (the test's local fake, TRAKHEESI_PERMITS) knows as valid. */
const PERMIT = '7110001';
export const TRAKHEESI_PERMITS = new Map([
  [PERMIT, { status: 'valid' as const, expiresAt: new Date(Date.now() + 200 * 86_400_000).toISOString() }],
]);

/** Asset A's Trakheesi integration, configured once (its address is the fake's, from the test's environment). */
let trakheesiReady: Promise<void> | null = null;
const withTrakheesi = (kit: RouteKit) => {
  trakheesiReady ??= (async () => {
    const saved = await kit.admin.patch(`assets/${kit.world.assetA.id}/integrations/trakheesi`, {
      enabled: true,
      config: { orn: '12345', mode: 'api' },
      secrets: TRAKHEESI_FAKE_CREDENTIALS,
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  })();
  return trakheesiReady;
};

export const RECORD_CASES: Readonly<Record<string, RouteCase>> = {
  'customers.addCredentials': async (kit) => {
    const id = await kit.create('customers');
    return { send: () => kit.admin.patch(`customers/${id}/add-credentials`, { password: 'First-pass1' }), rows: one('customers', id) };
  },
  'customers.changePassword': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.patch(`customers/${id}/change-password`, { password: 'Second-pass1' }), rows: one('customers', id) };
  },
  'customers.changeStatus': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.patch(`customers/${id}/change-status`, { enabled: false }), rows: one('customers', id) };
  },
  'customers.createLoginUrl': async (kit) => {
    const id = await customerWithLogin(kit);
    return { send: () => kit.admin.post('customers/login-url', { customer: id }), rows: one('customers', id) };
  },
  'customers.revokeLoginUrl': async (kit) => {
    const id = await customerWithLogin(kit);
    await kit.admin.post('customers/login-url', { customer: id });
    return { send: () => kit.admin.delete('customers/login-url', { customer: id }), rows: one('customers', id) };
  },
  'customers.setCustomFields': async (kit) => {
    const id = await kit.create('customers');
    const key = `nick_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.world.company.id, assetId: kit.world.assetA.id, kind: 'customer', key, label: 'Nick', type: 'text' },
    });
    return { send: () => kit.admin.patch(`customers/custom-fields/${id}`, { customFields: { [key]: 'Ada' } }), rows: one('customers', id) };
  },
  'members.bulkUpdate': async (kit) => {
    const department = (await kit.admin.post('teams/departments', { name: `Bulk ${uniqueSuffix()}` })).json().data._id as string;
    const [a, b, same] = [await kit.create('members'), await kit.create('members'), await kit.create('members', { department })];
    // One row per member the call changed: the third is in that department already.
    return {
      send: () => kit.admin.patch('teams/members/bulk-update', { ids: [a, b, same], changes: { department } }),
      rows: () => [a, b].map((id) => ({ subjectType: 'members', subjectId: id, action: 'update' as const })),
    };
  },
  'members.createLoginUrl': async (kit) => {
    const member = kit.leads.agents[0].member.id;
    return { send: () => kit.leadsAdmin.post('teams/members/login-url', { member }), rows: one('members', member) };
  },
  'members.revokeLoginUrl': async (kit) => {
    const member = kit.leads.agents[1].member.id;
    await kit.leadsAdmin.post('teams/members/login-url', { member });
    return { send: () => kit.leadsAdmin.delete(`teams/members/${member}/login-url`), rows: one('members', member) };
  },
  'members.updatePassword': async (kit) => {
    const member = kit.leads.agents[2].member.id;
    return {
      send: () => kit.leadsAdmin.patch(`teams/members/${member}/update-password`, { password: 'N3w-Passw0rd!' }),
      rows: one('members', member),
    };
  },
  'members.updateWhatsappConfig': async (kit) => {
    const id = await kit.create('members');
    const body = { enabled: true, whatsappCode: '+971', whatsappNumber: '501234567', greeting: 'Hello' };
    return { send: () => kit.admin.patch(`teams/members/whatsapp-config/${id}`, body), rows: one('members', id) };
  },
  'listings.updateImages': async (kit) => {
    const id = await kit.create('listings');
    const image = await imageFile(kit);
    return {
      send: () => kit.admin.patch(`properties/listings/images/${id}`, { images: [image], cover: image }),
      rows: one('listings', id),
    };
  },
  'listings.updateAmenities': async (kit) => {
    const id = await kit.create('listings');
    return { send: () => kit.admin.patch(`properties/listings/amenities/${id}`, { amenities: [AMENITIES[3]] }), rows: one('listings', id) };
  },
  'listings.setCustomFields': async (kit) => {
    const id = await kit.create('listings');
    const key = `floor_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.world.company.id, assetId: kit.world.assetA.id, kind: 'listing', key, label: 'Floor', type: 'text' },
    });
    return {
      send: () => kit.admin.patch(`properties/listings/custom-fields/${id}`, { customFields: { [key]: '12' } }),
      rows: one('listings', id),
    };
  },
  'listings.checkPermit': async (kit) => {
    await withTrakheesi(kit);
    const id = await kit.create('listings', { permitNumber: PERMIT, permitExpiresAt: '2027-12-31T00:00:00.000Z' });
    return { send: () => kit.admin.get(`properties/listings/trakheesi/${id}`), rows: one('listings', id) };
  },
  'projects.permit': async (kit) => {
    await withTrakheesi(kit);
    const id = await kit.create('projects');
    return { send: () => kit.admin.get(`properties/projects/trakheesi/${id}/${PERMIT}`), rows: one('projects', id) };
  },
  'projects.types': projectPart(
    (id) => `properties/projects/types/${id}`,
    () => ({ types: [{ type: 'Apartment', bedrooms: 2, minSize: 900, maxSize: 1200, minPrice: 1_500_000, maxPrice: 2_000_000 }] }),
  ),
  'projects.paymentPlans': projectPart(
    (id) => `properties/projects/payment-plans/${id}`,
    () => ({
      paymentPlans: [
        {
          name: '60/40',
          milestones: [
            { percentage: 60, dueAt: 'Booking' },
            { percentage: 40, dueAt: 'Handover' },
          ],
        },
      ],
    }),
  ),
  'projects.gallery': projectPart(
    (id) => `properties/projects/gallery/${id}`,
    async (kit) => ({ gallery: [await imageFile(kit)] }),
  ),
  'projects.amenities': projectPart(
    (id) => `properties/projects/amenities/${id}`,
    () => ({ amenities: [AMENITIES[4]] }),
  ),
  'projects.agents': projectPart(
    (id) => `properties/projects/agents/${id}`,
    async (kit) => ({ agents: [await kit.create('members')] }),
  ),
  'projects.keyPoints': projectPart(
    (id) => `properties/projects/${id}/keypoints`,
    () => ({ keyPoints: ['Marina views'] }),
  ),
  'projects.dld': projectPart(
    (id) => `properties/projects/dld/${id}/project-number`,
    () => ({ projectNumber: '3120' }),
  ),
  'projects.faqHeading': projectPart(
    (id) => `properties/projects/${id}/faq/heading`,
    () => ({ faqHeading: 'Questions', faqHeadingAr: 'أسئلة' }),
  ),
  'projects.setCustomFields': async (kit) => {
    const id = await kit.create('projects');
    const key = `phase_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.world.company.id, assetId: kit.world.assetA.id, kind: 'project', key, label: 'Phase', type: 'text' },
    });
    return {
      send: () => kit.admin.patch(`properties/projects/custom-fields/${id}`, { customFields: { [key]: 'One' } }),
      rows: one('projects', id),
    };
  },
  'projects.duplicate': async (kit) => {
    const id = await kit.create('projects');
    return {
      send: () => kit.admin.post('properties/projects/duplicate', { id }),
      rows: (res) => [{ subjectType: 'projects', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'projects.addFaq': async (kit) => {
    const id = await kit.create('projects');
    return {
      send: () => kit.admin.post(`properties/projects/${id}/faq`, { question: 'Pets?', answer: 'Yes.' }),
      rows: one('projects', id),
    };
  },
  'projects.updateFaq': async (kit) => {
    const { id, faqs } = await projectWithFaqs(kit);
    return { send: () => kit.admin.patch(`properties/projects/${id}/faq/${faqs[0]}`, { answer: 'In 2028.' }), rows: one('projects', id) };
  },
  'projects.removeFaq': async (kit) => {
    const { id, faqs } = await projectWithFaqs(kit);
    return { send: () => kit.admin.delete(`properties/projects/${id}/faq/${faqs[0]}`), rows: one('projects', id) };
  },
  'projects.reorderFaqs': async (kit) => {
    const { id, faqs } = await projectWithFaqs(kit);
    return {
      send: () => kit.admin.patch(`properties/projects/${id}/change-faqs-order`, { ids: [...faqs].reverse() }),
      rows: one('projects', id),
    };
  },
  'faqs.reorder': async (kit) => {
    const [a, b] = [await kit.create('faqs'), await kit.create('faqs')];
    const live = await kit.ctx.db.faq.findMany({ where: { assetId: kit.world.assetA.id, deletedAt: null }, orderBy: { order: 'asc' } });
    const ids = [b, a, ...live.map((faq) => faq.id).filter((id) => id !== a && id !== b)];
    // Only the questions whose place changed get a row.
    const moved = ids.filter((id, order) => live.find((faq) => faq.id === id)?.order !== order);
    return {
      send: () => kit.admin.patch('faqs/questions/order', { ids }),
      rows: () => moved.map((id) => ({ subjectType: 'faqs', subjectId: id, action: 'update' as const })),
    };
  },
  'customFields.reorder': async (kit) => {
    const [a, b] = [await kit.create('customFields'), await kit.create('customFields')];
    const kind = (await kit.ctx.db.customFieldDefinition.findUniqueOrThrow({ where: { id: a } })).kind;
    const live = await kit.ctx.db.customFieldDefinition.findMany({
      where: { assetId: kit.world.assetA.id, kind },
      orderBy: { order: 'asc' },
    });
    const ids = [b, a, ...live.map((field) => field.id).filter((id) => id !== a && id !== b)];
    const moved = ids.filter((id, order) => live.find((field) => field.id === id)?.order !== order);
    return {
      send: () => kit.admin.patch('properties/custom-fields/order', { ids }),
      rows: () => moved.map((id) => ({ subjectType: 'customFields', subjectId: id, action: 'update' as const })),
    };
  },
  'leads.create': async (kit) => {
    const payload = leadPayload(kit.leads, (await kit.leads.customer()).id);
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'POST', 'create', headers, payload),
      rows: (res) => [{ subjectType: 'leads', subjectId: kit.data<{ _id: string }>(res)._id, action: 'create' }],
    };
  },
  'leads.update': async (kit) => {
    const lead = await newLead(kit);
    const { stage: _s, status: _t, ...form } = leadPayload(kit.leads, lead.customer._id, { remarks: 'Call after 6pm' });
    const headers = await kit.leads.manager.headers();
    return { send: () => leadCall(kit, 'PATCH', `cms/${lead._id}`, headers, form), rows: one('leads', lead._id) };
  },
  'leads.changeStage': async (kit) => {
    const lead = await newLead(kit);
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'PATCH', `stage/${lead._id}`, headers, { stage: 'Qualified', status: 'Open' }),
      rows: one('leads', lead._id),
    };
  },
  'leads.accept': async (kit) => {
    const lead = await newLead(kit);
    const headers = await kit.leads.agents[0].headers();
    return { send: () => leadCall(kit, 'POST', `accept/${lead._id}`, headers), rows: one('leads', lead._id) };
  },
  'leads.claim': async (kit) => {
    const lead = await newLead(kit);
    // Its initial SLA ended and the clock moved it into the pool (the clock's own row, before the call).
    await kit.ctx.db.lead.update({ where: { id: lead._id }, data: { initialSlaEndDate: new Date(Date.now() - 60_000) } });
    await kit.ctx.db.$transaction((tx) => applyDueClockStep(tx, lead._id, new Date()));
    const headers = await kit.leads.agents[1].headers();
    return { send: () => leadCall(kit, 'POST', `pool/${lead._id}/claim`, headers), rows: one('leads', lead._id) };
  },
  'leads.setCustomFields': async (kit) => {
    const lead = await newLead(kit);
    const key = `source_${uniqueSuffix()}`.slice(0, 30);
    await kit.ctx.db.customFieldDefinition.create({
      data: { companyId: kit.leads.company.id, assetId: kit.leads.asset.id, kind: 'lead', key, label: 'Source', type: 'text' },
    });
    const headers = await kit.leads.manager.headers();
    return {
      send: () => leadCall(kit, 'PATCH', `custom-fields/${lead._id}`, headers, { customFields: { [key]: 'Referral' } }),
      rows: one('leads', lead._id),
    };
  },
};
