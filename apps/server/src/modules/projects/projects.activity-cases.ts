import { AMENITIES } from '@crm/domain';
import { uniqueSuffix } from '../../../test/factories.js';
import type { RouteCase, RouteKit } from '../../resources/activity-routes.kit.js';
import { imageFile, one, PERMIT, withTrakheesi } from '../../resources/activity-routes.shared.js';

// Test-only: the activity route table's cases of the projects' own calls beside the generic ones (their parts, FAQ, permit, custom fields, duplicate), for
// resources/activity-log-routes.test.ts.

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

export const PROJECT_CASES: Readonly<Record<string, RouteCase>> = {
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
};
