import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import type { PermissionCode } from '../permissions/permission-codes.js';
import {
  DldInputSchema,
  DldParamsSchema,
  PermitParamsSchema,
  ProjectAgentsInputSchema,
  ProjectAmenitiesInputSchema,
  ProjectDuplicateInputSchema,
  ProjectFaqHeadingInputSchema,
  ProjectFaqHeadingResultSchema,
  ProjectFaqInputSchema,
  ProjectFaqParamsSchema,
  ProjectFaqResultSchema,
  ProjectFaqUpdateSchema,
  ProjectGalleryInputSchema,
  ProjectIdParamsSchema,
  ProjectKeyPointsInputSchema,
  ProjectPaymentPlansInputSchema,
  ProjectPermitCheckResultSchema,
  ProjectTypesInputSchema,
  DLD_PARTS,
} from './project-parts.js';
import { projectContract } from './project.contract.js';

// Project calls beside the generic resource's (docs/api.md 'Projects'): the editor's parts, the project's own FAQ
// (its reorder is the engine's), duplicate and the permit check. Both doors answer `{ data }` (the tRPC procedures
// always did); over tRPC a body sits in `data`, its messages naming the body's own fields.
const BASE = '/api/properties/projects';
const id = z.string().max(100);
const record = z.object({ data: projectContract.record });
const project = { tag: 'properties', scope: 'asset' } as const;
/** The contract's permission of an action: these calls are the project's own, under the same rules. */
function permissionOf(action: 'read' | 'create' | 'update'): readonly PermissionCode[] {
  const codes = projectContract.permissions[action];
  if (!codes?.length) throw new Error(`projectContract names no ${action} permission`);
  return codes;
}
const read = permissionOf('read');
const create = permissionOf('create');
const update = permissionOf('update');

/** A call that writes one section of a project from its body: `{ id, data }` over tRPC, PATCH {path} over REST. */
function bodyCall<S extends z.ZodType>(operationId: string, summary: string, path: string, body: S) {
  return defineCall({
    ...project,
    operationId,
    summary,
    access: update,
    kind: 'mutation',
    input: z.strictObject({ id, data: body }),
    output: record,
    trpcBodyAt: 'data',
    rest: {
      method: 'PATCH',
      path: `${BASE}/${path}`,
      params: ProjectIdParamsSchema,
      body,
      envelope: 'bare',
      toInput: ({ params, body: data }) => ({ id: params.id, data }),
    },
  });
}

const saveTypes = bodyCall(
  'projects.types',
  'Replace the unit types (type, bedrooms, size and price ranges); the lead form reads their summary',
  'types/:id',
  ProjectTypesInputSchema,
);
const savePaymentPlans = bodyCall(
  'projects.paymentPlans',
  'Replace the payment plans (named plans with milestones adding up to 100%)',
  'payment-plans/:id',
  ProjectPaymentPlansInputSchema,
);
const saveGallery = bodyCall(
  'projects.gallery',
  'Replace the gallery (stored images of the asset, in order)',
  'gallery/:id',
  ProjectGalleryInputSchema,
);
const saveAmenities = bodyCall('projects.amenities', 'Replace the amenities', 'amenities/:id', ProjectAmenitiesInputSchema);
const saveAgents = bodyCall(
  'projects.agents',
  "Replace the agents who receive the project's off-plan leads",
  'agents/:id',
  ProjectAgentsInputSchema,
);
const saveKeyPoints = bodyCall('projects.keyPoints', 'Replace the key points', ':id/keypoints', ProjectKeyPointsInputSchema);
const saveFaqHeading = bodyCall('projects.faqHeading', 'Save the FAQ heading', ':id/faq/heading', ProjectFaqHeadingInputSchema);

const saveDld = defineCall({
  ...project,
  operationId: 'projects.dld',
  summary: 'Save a DLD detail: project-number {projectNumber} or escrow-account {escrowBank, escrowAccountNumber}',
  access: update,
  kind: 'mutation',
  input: z.strictObject({ id, part: z.enum(DLD_PARTS), data: DldInputSchema }),
  output: record,
  trpcBodyAt: 'data',
  rest: {
    method: 'PATCH',
    path: `${BASE}/dld/:id/:part`,
    params: DldParamsSchema,
    body: DldInputSchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ id: params.id, part: params.part, data: body }),
  },
});

const duplicate = defineCall({
  ...project,
  operationId: 'projects.duplicate',
  summary: 'Copy a project (every part, disabled, slug <slug>-copy)',
  access: create,
  kind: 'mutation',
  input: ProjectDuplicateInputSchema,
  output: record,
  rest: { method: 'POST', path: `${BASE}/duplicate`, status: 201, envelope: 'bare' },
});

const permit = defineCall({
  ...project,
  operationId: 'projects.permit',
  summary: "Check an advertising permit with Trakheesi (409 while the asset's Trakheesi integration is off)",
  access: read,
  errors: ['CONFLICT'],
  kind: 'query',
  input: z.strictObject({ project: id, permit: z.string().min(1).max(50) }),
  output: ProjectPermitCheckResultSchema,
  rest: {
    method: 'GET',
    path: `${BASE}/trakheesi/:project/:permit`,
    params: PermitParamsSchema,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const addFaq = defineCall({
  ...project,
  operationId: 'projects.addFaq',
  summary: 'Add a question (last)',
  access: update,
  kind: 'mutation',
  input: z.strictObject({ id, data: ProjectFaqInputSchema }),
  output: record,
  trpcBodyAt: 'data',
  rest: {
    method: 'POST',
    path: `${BASE}/:id/faq`,
    params: ProjectIdParamsSchema,
    body: ProjectFaqInputSchema,
    status: 201,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ id: params.id, data: body }),
  },
});

const faqHeading = defineCall({
  ...project,
  operationId: 'projects.readFaqHeading',
  summary: 'The FAQ heading',
  access: read,
  kind: 'query',
  input: z.strictObject({ id }),
  output: ProjectFaqHeadingResultSchema,
  rest: {
    method: 'GET',
    path: `${BASE}/:id/faq/heading`,
    params: ProjectIdParamsSchema,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const FaqInput = z.strictObject({ id, faqId: id });
const faq = defineCall({
  ...project,
  operationId: 'projects.faq',
  summary: 'One question',
  access: read,
  kind: 'query',
  input: FaqInput,
  output: ProjectFaqResultSchema,
  rest: {
    method: 'GET',
    path: `${BASE}/:id/faq/:faqId`,
    params: ProjectFaqParamsSchema,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const updateFaq = defineCall({
  ...project,
  operationId: 'projects.updateFaq',
  summary: 'Change a question',
  access: update,
  kind: 'mutation',
  input: z.strictObject({ id, faqId: id, data: ProjectFaqUpdateSchema }),
  output: record,
  trpcBodyAt: 'data',
  rest: {
    method: 'PATCH',
    path: `${BASE}/:id/faq/:faqId`,
    params: ProjectFaqParamsSchema,
    body: ProjectFaqUpdateSchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ id: params.id, faqId: params.faqId, data: body }),
  },
});

const removeFaq = defineCall({
  ...project,
  operationId: 'projects.removeFaq',
  summary: 'Remove a question',
  access: update,
  kind: 'mutation',
  input: FaqInput,
  output: record,
  rest: {
    method: 'DELETE',
    path: `${BASE}/:id/faq/:faqId`,
    params: ProjectFaqParamsSchema,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

export const projectCalls = defineCalls('projects', {
  saveTypes,
  savePaymentPlans,
  saveGallery,
  saveAmenities,
  saveAgents,
  saveKeyPoints,
  saveDld,
  duplicate,
  permit,
  addFaq,
  updateFaq,
  removeFaq,
  saveFaqHeading,
  faqHeading,
  faq,
});
