import { z } from 'zod';
import { customerFields } from '../customers/customer.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { type ContractRecord, defineContract, rel } from '../resources/contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalText, requiredId } from '../validation/zod-helpers.js';

// A lead's qualification review (SPEC.md 'Lead review', docs/product.md 'Qualification reviews'): how well the lead
// was qualified, by the manager or the qualifying agent, one per lead. Its rating (1-5) rates the lead's agent (the
// database keeps MemberRating in step); a rating of 0 or the 'unresponsive' category without feedback reads
// 'Unresponsive' (reviewFeedback in leads/lead-review.ts).

export const QUALIFICATION_REVIEW_MESSAGES = {
  leadRequired: 'Lead is required.',
  rating: 'Rating must be a whole number from 0 to 5.',
  oneReviewPerLead: 'This lead already has a qualification review.',
  notYours: 'Only its author or a manager may change this review.',
  mayNotReview: "Only the lead's agent or a manager may review this lead.",
} as const;
const M = QUALIFICATION_REVIEW_MESSAGES;

export const QUALIFICATION_CATEGORIES = ['Qualified', 'Partially qualified', 'Not qualified', 'Unresponsive'] as const;

export const qualificationReviewFields = {
  ...baseFields(),
  lead: f.ref('leads', { label: 'Lead', nullable: false, exportable: false }),
  customer: f.ref('customers', { label: 'Customer', exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  subject: f.string({ label: 'Subject', nullable: true, searchable: true }),
  subjectType: f.string({ label: 'Subject Type', distinct: true }),
  category: f.string({ label: 'Category', nullable: true, sortable: true, distinct: true }),
  rating: f.int({ label: 'Rating', nullable: true, sortable: true, distinct: true }),
  feedback: f.string({ label: 'Feedback', nullable: true, searchable: true }),
  status: f.string({ label: 'Status', nullable: true, distinct: true }),
  qualificationTime: f.number({ label: 'Qualification Time', nullable: true, sortable: true }),
};

const rating = z.number({ error: M.rating }).int({ error: M.rating }).min(0, { error: M.rating }).max(5, { error: M.rating });
const body = {
  rating: rating.nullish(),
  category: optionalText(80),
  feedback: optionalText(4000),
  status: optionalText(80),
  qualificationTime: z.number().min(0).max(1_000_000).nullish(),
};

/** POST reviews/qualification: the lead it reviews; its customer, agent and subject are the lead's. */
export const QualificationReviewCreateSchema = z.strictObject({ ...body, lead: requiredId(M.leadRequired, 'Lead') });
export type QualificationReviewCreate = z.infer<typeof QualificationReviewCreateSchema>;

/** PATCH reviews/qualification/{id}: its verdict; the lead it reviews stays. */
export const QualificationReviewUpdateSchema = z.strictObject(body);

export const qualificationReviewContract = defineContract({
  name: 'qualificationReviews',
  path: 'reviews/qualification',
  label: { one: 'qualification review', many: 'qualification reviews' },
  scope: 'asset',
  softDelete: false,
  fields: qualificationReviewFields,
  relations: {
    // Exported as 'Lead ID' (the relation's label, then the field's).
    lead: rel.one('leads', { _id: f.id({ label: 'ID' }), leadID: f.string({ label: 'ID' }) }, { label: 'Lead' }),
    customer: rel.one('customers', pickFields(customerFields, ['_id', 'fullName']), { label: 'Customer' }),
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name', 'officeName']), { label: 'Agent' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: [
    'createdAt',
    'lead.leadID',
    'customer.fullName',
    'agent.name',
    'subject',
    'subjectType',
    'category',
    'rating',
    'feedback',
    'status',
    'qualificationTime',
  ],
  create: QualificationReviewCreateSchema,
  update: QualificationReviewUpdateSchema,
  // Who works a lead reviews it (the hooks narrow it to the lead's agent or a manager); the report reads them all.
  permissions: {
    read: [P.LEAD_REVIEWS_REPORT_VIEW, P.LEAD_UPDATE],
    create: [P.LEAD_REVIEWS_REPORT_VIEW, P.LEAD_UPDATE],
    update: [P.LEAD_REVIEWS_REPORT_VIEW, P.LEAD_UPDATE],
    delete: [P.SUPER_ACCESS],
  },
});
export type QualificationReviewRecord = ContractRecord<typeof qualificationReviewContract>;
