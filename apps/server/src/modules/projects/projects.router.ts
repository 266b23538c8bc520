import {
  DLD_PARTS,
  DldInputSchema,
  ProjectPermitCheckResultSchema,
  projectContract,
  ProjectAgentsInputSchema,
  ProjectAmenitiesInputSchema,
  ProjectDuplicateInputSchema,
  ProjectFaqHeadingInputSchema,
  ProjectFaqHeadingResultSchema,
  ProjectFaqInputSchema,
  ProjectFaqResultSchema,
  ProjectFaqUpdateSchema,
  ProjectGalleryInputSchema,
  ProjectKeyPointsInputSchema,
  ProjectPaymentPlansInputSchema,
  ProjectTypesInputSchema,
} from '@crm/domain';
import { z } from 'zod';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { inputRootedAt, protectedProcedure, router } from '../../trpc/trpc.js';
import { developerResource } from './developer.resource.js';
import { duplicateProject } from './project-duplicate.service.js';
import {
  addProjectFaq,
  projectFaq,
  projectFaqHeading,
  removeProjectFaq,
  saveProjectFaqHeading,
  updateProjectFaq,
} from './project-faq.service.js';
import { type ProjectPartName, saveDldPart, saveProjectPart } from './project-parts.service.js';
import { checkProjectPermit } from './project-permit.service.js';
import { projectResource } from './project.resource.js';

// The tRPC door of the project calls (project.routes.ts is the REST one): the same services, the same contract.
const id = z.string().max(100);
const record = z.object({ data: projectContract.record });
/** A procedure's body sits in `data`; its messages name the body's fields, as REST's do. */
const withBody = <S extends z.ZodType>(schema: S) =>
  protectedProcedure.use(inputRootedAt('data')).input(z.strictObject({ id, data: schema }));

type Call = { ctx: ResourceCall; input: { id: string; data: unknown } };
/** The resolver of one editor part: the body was typed by the procedure's input. */
const savePart =
  (part: ProjectPartName) =>
  async ({ ctx, input }: Call) => ({ data: await saveProjectPart({ deps: ctx.deps, actor: ctx.actor }, part, input.id, input.data) });

export const projectsRouter = router({
  ...resourceProcedures(projectResource),
  saveTypes: withBody(ProjectTypesInputSchema).output(record).mutation(savePart('types')),
  savePaymentPlans: withBody(ProjectPaymentPlansInputSchema).output(record).mutation(savePart('paymentPlans')),
  saveGallery: withBody(ProjectGalleryInputSchema).output(record).mutation(savePart('gallery')),
  saveAmenities: withBody(ProjectAmenitiesInputSchema).output(record).mutation(savePart('amenities')),
  saveAgents: withBody(ProjectAgentsInputSchema).output(record).mutation(savePart('agents')),
  saveKeyPoints: withBody(ProjectKeyPointsInputSchema).output(record).mutation(savePart('keyPoints')),
  saveDld: protectedProcedure
    .use(inputRootedAt('data'))
    .input(z.strictObject({ id, part: z.enum(DLD_PARTS), data: DldInputSchema }))
    .output(record)
    .mutation(async ({ ctx, input }) => ({
      data: await saveDldPart({ deps: ctx.deps, actor: ctx.actor }, input.id, input.part, input.data),
    })),
  duplicate: protectedProcedure
    .input(ProjectDuplicateInputSchema)
    .output(record)
    .mutation(async ({ ctx, input }) => ({ data: await duplicateProject({ deps: ctx.deps, actor: ctx.actor }, input) })),
  permit: protectedProcedure
    .input(z.strictObject({ project: id, permit: z.string().min(1).max(50) }))
    .output(ProjectPermitCheckResultSchema)
    .query(async ({ ctx, input }) => ({
      data: await checkProjectPermit({ deps: ctx.deps, actor: ctx.actor }, input.project, input.permit),
    })),
  addFaq: withBody(ProjectFaqInputSchema)
    .output(record)
    .mutation(async ({ ctx, input }) => ({ data: await addProjectFaq({ deps: ctx.deps, actor: ctx.actor }, input.id, input.data) })),
  updateFaq: protectedProcedure
    .use(inputRootedAt('data'))
    .input(z.strictObject({ id, faqId: id, data: ProjectFaqUpdateSchema }))
    .output(record)
    .mutation(async ({ ctx, input }) => ({
      data: await updateProjectFaq({ deps: ctx.deps, actor: ctx.actor }, input.id, input.faqId, input.data),
    })),
  removeFaq: protectedProcedure
    .input(z.strictObject({ id, faqId: id }))
    .output(record)
    .mutation(async ({ ctx, input }) => ({ data: await removeProjectFaq({ deps: ctx.deps, actor: ctx.actor }, input.id, input.faqId) })),
  saveFaqHeading: withBody(ProjectFaqHeadingInputSchema)
    .output(record)
    .mutation(async ({ ctx, input }) => ({
      data: await saveProjectFaqHeading({ deps: ctx.deps, actor: ctx.actor }, input.id, input.data),
    })),
  faqHeading: protectedProcedure
    .input(z.strictObject({ id }))
    .output(ProjectFaqHeadingResultSchema)
    .query(async ({ ctx, input }) => ({ data: await projectFaqHeading({ deps: ctx.deps, actor: ctx.actor }, input.id) })),
  faq: protectedProcedure
    .input(z.strictObject({ id, faqId: id }))
    .output(ProjectFaqResultSchema)
    .query(async ({ ctx, input }) => ({ data: await projectFaq({ deps: ctx.deps, actor: ctx.actor }, input.id, input.faqId) })),
});
export const developersRouter = router(resourceProcedures(developerResource));
