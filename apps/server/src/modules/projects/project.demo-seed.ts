import { demoId, slugify, type DemoAssetKey, type DemoSlot, type ProjectFixture } from '../../core/demo-data.js';
import type { DbTx } from '../../db/prisma.js';
import { DEMO_PROJECTS } from './project.demo-data.js';

// The demo developers and off-plan projects of an asset (docs/api.md 'Demo data'), written as rows with stable
// ids; every project has the same parts (docs/product.md 'New Projects'): a payment plan, a FAQ, its agents.

const DEMO_PAYMENT_PLAN = {
  name: '20/80',
  milestones: [
    { percentage: 20, dueAt: 'On booking' },
    { percentage: 80, dueAt: 'On handover' },
  ],
};

/** Writes the asset's developers and projects; each project's fixture with its id, in the demo's order. */
export async function seedDemoProjects(
  tx: DbTx,
  ctx: { key: DemoAssetKey; assetId: string; companyId: string; members: ReadonlyMap<DemoSlot, string> },
): Promise<(ProjectFixture & { id: string })[]> {
  const { developers, projects: fixtures } = DEMO_PROJECTS[ctx.key];
  const key = (suffix: string) => demoId(`${ctx.key}:${suffix}`);
  const scoped = { companyId: ctx.companyId, assetId: ctx.assetId };
  const developerIds = developers.map((_, i) => key(`developer:${i}`));
  await tx.developer.createMany({ data: developers.map((name, i) => ({ ...scoped, id: developerIds[i], name, slug: slugify(name) })) });
  const projects = fixtures.map((project, i) => ({ ...project, id: key(`project:${i}`) }));
  for (const project of projects) {
    await tx.project.create({
      data: {
        ...scoped,
        id: project.id,
        name: project.name,
        slug: slugify(project.name),
        developerId: developerIds[project.developer] ?? null,
        campaignName: `${project.name} Launch`,
        country: 'United Arab Emirates',
        city: 'Dubai',
        location: project.location,
        bedrooms: project.bedrooms,
        amenities: project.amenities,
        unitTypes: project.unitTypes,
        minPrice: project.minPrice,
        maxPrice: project.maxPrice,
        startDate: new Date(Date.UTC(project.completionYear - 3, 0, 15)),
        completionDate: new Date(Date.UTC(project.completionYear, 11, 31)),
        community: project.location,
        status: 'Under Construction',
        paymentPlans: [DEMO_PAYMENT_PLAN],
        faqHeading: 'Frequently asked questions',
        faqs: [
          {
            _id: key(`${project.id}:faq`),
            question: 'Is there a payment plan?',
            answer: '20% on booking, 80% on handover.',
            questionAr: null,
            answerAr: null,
            order: 0,
          },
        ],
        agents: { connect: project.agents.map((slot) => ({ id: ctx.members.get(slot) ?? '' })) },
      },
    });
  }
  return projects;
}
