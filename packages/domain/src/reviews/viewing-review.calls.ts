import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import {
  ViewingReviewAveragesSchema,
  ViewingReviewDisputeSchema,
  ViewingReviewInvitationSchema,
  ViewingReviewResolveSchema,
  ViewingReviewSubmitSchema,
  ViewingReviewThanksSchema,
  VIEWING_REVIEW_AVERAGE_KEYS,
  viewingReviewContract,
} from './viewing-review.contract.js';

// Viewing reviews beyond the generic list (docs/api.md 'Viewing reviews'): the public review page's two calls, which
// carry the mailed link's signed token instead of a login, the agent's dispute, a manager's ruling and the averages.

const token = z.string().min(1).max(400);
const tokenParams = z.object({ token });
const idParams = z.object({ id: z.string().max(100) });
const PUBLIC_PATH = '/api/public/v1/viewing-reviews/:token';
const staff = { tag: 'reviews', scope: 'asset' } as const;

const invitation = defineCall({
  operationId: 'viewingReviews.invitation',
  summary: 'What a review link is for (the public review page reads it before the customer rates)',
  tag: 'reviews',
  access: 'public',
  scope: 'none',
  errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  kind: 'query',
  input: z.strictObject({ token }),
  output: ViewingReviewInvitationSchema,
  rest: { method: 'GET', path: PUBLIC_PATH, params: tokenParams, envelope: 'data', toInput: ({ params }) => ({ token: params.token }) },
});

const submit = defineCall({
  operationId: 'viewingReviews.submit',
  summary: "The customer's review of the viewing: once per viewing, through its link",
  tag: 'reviews',
  access: 'public',
  scope: 'none',
  errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  kind: 'mutation',
  input: ViewingReviewSubmitSchema.extend({ token }),
  output: ViewingReviewThanksSchema,
  rest: {
    method: 'POST',
    path: PUBLIC_PATH,
    params: tokenParams,
    body: ViewingReviewSubmitSchema,
    status: 201,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, token: params.token }),
  },
});

const dispute = defineCall({
  ...staff,
  operationId: 'viewingReviews.dispute',
  summary: "The viewing's agent disputes its review, with a reason",
  access: [P.VIEWING_REVIEWS_REPORT_VIEW, P.LEAD_UPDATE],
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: ViewingReviewDisputeSchema.extend({ id: z.string().max(100) }),
  output: oneResponseSchema(viewingReviewContract.record),
  rest: {
    method: 'POST',
    path: '/api/reviews/viewings/:id/dispute',
    params: idParams,
    body: ViewingReviewDisputeSchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const resolve = defineCall({
  ...staff,
  operationId: 'viewingReviews.resolve',
  summary: 'A manager upholds a disputed review or removes it (the activity log keeps a removed one)',
  access: [P.VIEWING_REVIEWS_REPORT_VIEW],
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: ViewingReviewResolveSchema.extend({ id: z.string().max(100) }),
  output: oneResponseSchema(viewingReviewContract.record),
  rest: {
    method: 'POST',
    path: '/api/reviews/viewings/:id/resolve',
    params: idParams,
    body: ViewingReviewResolveSchema,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const optionalId = z.uuid().optional();
export const ViewingReviewAveragesQuerySchema = z.strictObject({
  by: z.enum(VIEWING_REVIEW_AVERAGE_KEYS),
  agent: optionalId,
  listing: optionalId,
  project: optionalId,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ViewingReviewAveragesQuery = z.infer<typeof ViewingReviewAveragesQuerySchema>;

const averages = defineCall({
  ...staff,
  operationId: 'viewingReviews.averages',
  summary: 'Average rating and count per agent or per listing (reviews not removed), by agent, listing, project and date',
  access: [P.VIEWING_REVIEWS_REPORT_VIEW],
  errors: ['VALIDATION_ERROR'],
  kind: 'query',
  input: ViewingReviewAveragesQuerySchema,
  output: ViewingReviewAveragesSchema,
  rest: { method: 'GET', path: '/api/reviews/viewings/averages', envelope: 'data' },
});

export const viewingReviewCalls = defineCalls('viewingReviews', { invitation, submit, dispute, resolve, averages });
