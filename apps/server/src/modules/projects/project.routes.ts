import {
  DldInputSchema,
  DldParamsSchema,
  ProjectPermitCheckResultSchema,
  PermitParamsSchema,
  projectContract,
  ProjectDuplicateInputSchema,
  ProjectFaqHeadingInputSchema,
  ProjectFaqHeadingResultSchema,
  ProjectFaqInputSchema,
  ProjectFaqParamsSchema,
  ProjectFaqResultSchema,
  ProjectFaqUpdateSchema,
  ProjectIdParamsSchema,
} from '@crm/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.plugin.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { duplicateProject } from './project-duplicate.service.js';
import {
  addProjectFaq,
  projectFaq,
  projectFaqHeading,
  removeProjectFaq,
  saveProjectFaqHeading,
  updateProjectFaq,
} from './project-faq.service.js';
import { PROJECT_PARTS, type ProjectPartName, saveDldPart, saveProjectPart } from './project-parts.service.js';
import { checkProjectPermit } from './project-permit.service.js';

// Project calls beside the generic resource's (SPEC section 7 'Projects'): the editor's parts, the project's own
// FAQ (its reorder is the engine's, from the contract's order fact), duplicate and the permit check. Every one answers the project record (or the FAQ item) of the contract.

const BASE = '/api/properties/projects';
const PART_PATHS: Record<ProjectPartName, string> = {
  types: 'types/:id',
  paymentPlans: 'payment-plans/:id',
  gallery: 'gallery/:id',
  amenities: 'amenities/:id',
  agents: 'agents/:id',
  keyPoints: ':id/keypoints',
};
const PART_SUMMARIES: Record<ProjectPartName, string> = {
  types: 'Replace the unit types (type, bedrooms, size and price ranges); the lead form reads their summary',
  paymentPlans: 'Replace the payment plans (named plans with milestones adding up to 100%)',
  gallery: 'Replace the gallery (stored images of the asset, in order)',
  amenities: 'Replace the amenities',
  agents: "Replace the agents who receive the project's off-plan leads",
  keyPoints: 'Replace the key points',
};

export async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest): ResourceCall => ({ deps: app.deps, actor: actorOf(req) });
  const tags = ['properties'];
  const record = z.object({ data: projectContract.record });
  const op = (verb: string) => `projects.${verb}`;

  for (const part of Object.keys(PART_PATHS) as ProjectPartName[]) {
    app.patch(
      `${BASE}/${PART_PATHS[part]}`,
      {
        schema: {
          tags,
          operationId: op(part),
          summary: PART_SUMMARIES[part],
          params: ProjectIdParamsSchema,
          body: PROJECT_PARTS[part].schema,
          response: { 200: record },
        },
      },
      async (req) => ({ data: await saveProjectPart(call(req), part, req.params.id, req.body) }),
    );
  }
  app.patch(
    `${BASE}/dld/:id/:part`,
    {
      schema: {
        tags,
        operationId: op('dld'),
        summary: 'Save a DLD detail: project-number {projectNumber} or escrow-account {escrowBank, escrowAccountNumber}',
        params: DldParamsSchema,
        body: DldInputSchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await saveDldPart(call(req), req.params.id, req.params.part, req.body) }),
  );
  app.post(
    `${BASE}/duplicate`,
    {
      schema: {
        tags,
        operationId: op('duplicate'),
        summary: 'Copy a project (every part, disabled, slug <slug>-copy)',
        body: ProjectDuplicateInputSchema,
        response: { 201: record },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await duplicateProject(call(req), req.body) }),
  );
  app.get(
    `${BASE}/trakheesi/:project/:permit`,
    {
      schema: {
        tags,
        operationId: op('permit'),
        summary: "Check an advertising permit with Trakheesi (409 while the asset's Trakheesi integration is off)",
        params: PermitParamsSchema,
        response: { 200: ProjectPermitCheckResultSchema },
      },
    },
    async (req) => ({ data: await checkProjectPermit({ deps: app.deps, actor: actorOf(req) }, req.params.project, req.params.permit) }),
  );

  // The project's own FAQ.
  app.post(
    `${BASE}/:id/faq`,
    {
      schema: {
        tags,
        operationId: op('addFaq'),
        summary: 'Add a question (last)',
        params: ProjectIdParamsSchema,
        body: ProjectFaqInputSchema,
        response: { 201: record },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await addProjectFaq(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/:id/faq/heading`,
    {
      schema: {
        tags,
        operationId: op('faqHeading'),
        summary: 'Save the FAQ heading',
        params: ProjectIdParamsSchema,
        body: ProjectFaqHeadingInputSchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await saveProjectFaqHeading(call(req), req.params.id, req.body) }),
  );
  app.get(
    `${BASE}/:id/faq/heading`,
    {
      schema: {
        tags,
        operationId: op('readFaqHeading'),
        summary: 'The FAQ heading',
        params: ProjectIdParamsSchema,
        response: { 200: ProjectFaqHeadingResultSchema },
      },
    },
    async (req) => ({ data: await projectFaqHeading(call(req), req.params.id) }),
  );
  app.get(
    `${BASE}/:id/faq/:faqId`,
    {
      schema: {
        tags,
        operationId: op('faq'),
        summary: 'One question',
        params: ProjectFaqParamsSchema,
        response: { 200: ProjectFaqResultSchema },
      },
    },
    async (req) => ({ data: await projectFaq(call(req), req.params.id, req.params.faqId) }),
  );
  app.patch(
    `${BASE}/:id/faq/:faqId`,
    {
      schema: {
        tags,
        operationId: op('updateFaq'),
        summary: 'Change a question',
        params: ProjectFaqParamsSchema,
        body: ProjectFaqUpdateSchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await updateProjectFaq(call(req), req.params.id, req.params.faqId, req.body) }),
  );
  app.delete(
    `${BASE}/:id/faq/:faqId`,
    {
      schema: {
        tags,
        operationId: op('removeFaq'),
        summary: 'Remove a question',
        params: ProjectFaqParamsSchema,
        response: { 200: record },
      },
    },
    async (req) => ({ data: await removeProjectFaq(call(req), req.params.id, req.params.faqId) }),
  );
}
