import { z } from 'zod';
import { customerFields } from '../customers/customer.contract.js';
import { leadFields } from '../leads/lead.contract.js';
import { listingFields } from '../listings/listing.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { projectFields } from '../projects/project.contract.js';
import { type ContractRecord, defineContract, rel } from '../resources/contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { memberFields } from '../teams/team.contract.js';
import { VIEWING_REVIEW_LANGUAGES } from './viewing-review-page.js';

// A customer's review of a viewing (docs/product.md 'Viewing reviews'): written only through the public review
// page's signed link (viewing-review.calls.ts), once per viewing that was done. Staff read them here; the agent
// disputes one and a manager upholds or removes it through the declared calls.

export const VIEWING_REVIEW_MESSAGES = {
  rating: 'Rating must be a whole number from 1 to 5.',
  linkInvalid: 'This review link is not valid.',
  linkExpired: 'This review link has expired.',
  alreadyReviewed: 'This viewing has already been reviewed.',
  notDone: 'Only a viewing that took place can be reviewed.',
  reasonRequired: 'Say why you dispute this review.',
  notTheAgent: "Only the viewing's agent may dispute this review.",
  alreadyDisputed: 'This review has already been disputed.',
  notDisputed: 'Only a disputed review can be upheld or removed.',
  notFound: 'Viewing review not found',
  disputed: 'The review is disputed: a manager will decide.',
  upheld: 'The review was upheld.',
  removed: 'The review was removed.',
  title: 'Viewing Reviews',
  leadCard: 'Viewing reviews',
  none: 'No viewing reviews yet',
  dispute: 'Dispute',
  disputeTitle: 'Dispute this review',
  disputeReason: 'Why is this review unfair?',
  uphold: 'Uphold',
  remove: 'Remove',
  resolveTitle: (outcome: 'uphold' | 'remove') => (outcome === 'uphold' ? 'Uphold this review' : 'Remove this review'),
  resolveNote: 'Note (optional)',
  averagesBy: { agent: 'Average by agent', listing: 'Average by listing' },
  averageLine: (average: number, count: number) => `${average.toFixed(2)} of 5 from ${count} review${count === 1 ? '' : 's'}`,
  stars: (rating: number) => `${rating} of 5`,
} as const;
const M = VIEWING_REVIEW_MESSAGES;

/** Where a review stands: never disputed, disputed by its agent, then upheld or removed by a manager. */
export const VIEWING_REVIEW_DISPUTE_STATES = ['none', 'disputed', 'upheld', 'removed'] as const;
export type ViewingReviewDisputeState = (typeof VIEWING_REVIEW_DISPUTE_STATES)[number];
export const DISPUTE_STATE_LABELS: Record<ViewingReviewDisputeState, string> = {
  none: 'Not disputed',
  disputed: 'Disputed',
  upheld: 'Upheld',
  removed: 'Removed',
};

/** At or under this rating, the agent's manager is told of the review. */
export const LOW_VIEWING_RATING = 2;

export const viewingReviewFields = {
  ...baseFields({ softDelete: true }),
  viewing: f.ref('viewings', { label: 'Viewing', nullable: false, exportable: false }),
  lead: f.ref('leads', { label: 'Lead', exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  customer: f.ref('customers', { label: 'Customer', exportable: false }),
  listing: f.ref('listings', { label: 'Listing', exportable: false }),
  project: f.ref('projects', { label: 'Project', exportable: false }),
  rating: f.int({ label: 'Rating', sortable: true, distinct: true }),
  comment: f.string({ label: 'Comment', nullable: true, searchable: true }),
  language: f.enum(VIEWING_REVIEW_LANGUAGES, { label: 'Language', distinct: true }),
  disputeState: f.enum(VIEWING_REVIEW_DISPUTE_STATES, { label: 'Dispute', sortable: true, distinct: true }),
  disputeReason: f.string({ label: 'Dispute Reason', nullable: true }),
  disputedAt: f.date({ label: 'Disputed At', nullable: true, sortable: true }),
  resolvedAt: f.date({ label: 'Resolved At', nullable: true, sortable: true }),
  resolvedBy: f.ref('users', { label: 'Resolved By', exportable: false }),
  resolutionNote: f.string({ label: 'Resolution Note', nullable: true }),
};

export const viewingReviewContract = defineContract({
  name: 'viewingReviews',
  path: 'reviews/viewings',
  label: { one: 'viewing review', many: 'viewing reviews' },
  scope: 'asset',
  softDelete: true,
  fields: viewingReviewFields,
  relations: {
    lead: rel.one('leads', pickFields(leadFields, ['_id', 'leadID']), { label: 'Lead' }),
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name', 'officeName', 'user']), { label: 'Agent' }),
    customer: rel.one('customers', pickFields(customerFields, ['_id', 'fullName']), { label: 'Customer' }),
    listing: rel.one('listings', pickFields(listingFields, ['_id', 'reference', 'title']), { label: 'Listing' }),
    project: rel.one('projects', pickFields(projectFields, ['_id', 'name']), { label: 'Project' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: [
    'createdAt',
    'lead.leadID',
    'customer.fullName',
    'agent.name',
    'listing.reference',
    'project.name',
    'rating',
    'comment',
    'language',
    'disputeState',
    'disputeReason',
    'resolutionNote',
  ],
  // Only the public page writes a review; the agent reads their own (the engine narrows it), managers every one.
  permissions: { read: [P.VIEWING_REVIEWS_REPORT_VIEW, P.LEAD_UPDATE] },
});
export type ViewingReviewRecord = ContractRecord<typeof viewingReviewContract>;

const rating = z.number({ error: M.rating }).int({ error: M.rating }).min(1, { error: M.rating }).max(5, { error: M.rating });

/** What the customer sends from the public page. */
export const ViewingReviewSubmitSchema = z.strictObject({
  rating,
  comment: z.string().trim().max(2000).nullish(),
  language: z.enum(VIEWING_REVIEW_LANGUAGES).default('en'),
});
export type ViewingReviewSubmit = z.input<typeof ViewingReviewSubmitSchema>;

/** What the public page shows before the customer rates: whom and what the viewing was with. */
export const ViewingReviewInvitationSchema = z.object({
  company: z.string(),
  customerName: z.string().nullable(),
  agentName: z.string().nullable(),
  subject: z.string().nullable(),
  viewedAt: z.string(),
  expiresAt: z.string(),
});
export type ViewingReviewInvitation = z.infer<typeof ViewingReviewInvitationSchema>;

export const ViewingReviewThanksSchema = z.object({ rating: z.number().int(), submittedAt: z.string() });

export const ViewingReviewDisputeSchema = z.strictObject({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, { error: M.reasonRequired }).max(1000),
});
export const VIEWING_REVIEW_OUTCOMES = ['uphold', 'remove'] as const;
export const ViewingReviewResolveSchema = z.strictObject({
  outcome: z.enum(VIEWING_REVIEW_OUTCOMES),
  note: z.string().trim().max(1000).nullish(),
});

/** Averages per agent or per listing, over the same filter as the list. */
export const VIEWING_REVIEW_AVERAGE_KEYS = ['agent', 'listing'] as const;
export const ViewingReviewAveragesSchema = z.object({
  by: z.enum(VIEWING_REVIEW_AVERAGE_KEYS),
  rows: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int(), average: z.number() })),
});
export type ViewingReviewAverages = z.infer<typeof ViewingReviewAveragesSchema>;
