import { PROJECT_MESSAGES, type ProjectDuplicateInputSchema } from '@crm/domain';
import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import type { DbTx } from '../../db/prisma.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { faqsOf } from './project-faq.service.js';
import { lockedProject, type ProjectRecord, projectRecord } from './project-record.js';
import { projectResource } from './project.resource.js';

// POST duplicate: a new project from an existing one, every part copied (its own FAQ ids), under a free
// "<slug>-copy" slug and disabled, so the copy goes live only once someone has edited and enabled it.

/** `<slug>-copy`, else `<slug>-copy-2`, `-copy-3`... among the asset's projects (deleted ones keep their slug). */
async function freeSlug(tx: DbTx, assetId: string, slug: string): Promise<string> {
  const base = `${slug}-copy`;
  const taken = new Set(
    (await tx.project.findMany({ where: { assetId, slug: { startsWith: base } }, select: { slug: true } })).map((p) => p.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const json = (value: unknown) => (value === null || value === undefined ? Prisma.JsonNull : (value as Prisma.InputJsonValue));

export async function duplicateProject(call: ResourceCall, { id }: z.output<typeof ProjectDuplicateInputSchema>): Promise<ProjectRecord> {
  const access = authorize(projectResource, call, 'create');
  const copyId = await withUnitOfWork(call.deps, call.actor, async (uow) => {
    const { tx } = uow;
    const source = await lockedProject(uow, access, id);
    const assetId = source.assetId;
    const agents = await tx.teamMember.findMany({ where: { projects: { some: { id } } }, select: { id: true } });
    const s = source;
    const copy = await tx.project.create({
      data: {
        companyId: s.companyId,
        assetId,
        name: PROJECT_MESSAGES.copyOf(s.name),
        slug: await freeSlug(tx, assetId, s.slug),
        enabled: false,
        translations: json(s.translations),
        developerId: s.developerId,
        campaignName: s.campaignName,
        country: s.country,
        city: s.city,
        community: s.community,
        location: s.location,
        status: s.status,
        description: s.description,
        descriptionAr: s.descriptionAr,
        bedrooms: s.bedrooms,
        amenities: s.amenities,
        unitTypes: s.unitTypes,
        minPrice: s.minPrice,
        maxPrice: s.maxPrice,
        startDate: s.startDate,
        completionDate: s.completionDate,
        handoverDate: s.handoverDate,
        types: json(s.types),
        paymentPlans: json(s.paymentPlans),
        gallery: json(s.gallery),
        dld: json(s.dld),
        keyPoints: s.keyPoints,
        faqHeading: s.faqHeading,
        faqHeadingAr: s.faqHeadingAr,
        faqs: faqsOf(source).map((faq) => ({ ...faq, _id: timeOrderedId() })),
        brochureId: s.brochureId,
        brochureUrl: s.brochureUrl,
        agents: { connect: agents },
        creatorId: call.actor.userId,
        updatedById: call.actor.userId,
      },
      select: { id: true, name: true, slug: true, enabled: true },
    });
    uow.activity({
      action: 'create',
      subjectType: projectResource.contract.name,
      subjectId: copy.id,
      assetId,
      after: { _id: copy.id, name: copy.name, slug: copy.slug, enabled: copy.enabled, duplicatedFrom: source.id },
    });
    return copy.id;
  });
  return projectRecord(call, copyId);
}
