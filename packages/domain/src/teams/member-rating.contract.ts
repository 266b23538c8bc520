import { z } from 'zod';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { optionalId, optionalText, requiredEnum, requiredId } from '../validation/zod-helpers.js';
import { memberFields } from './team.contract.js';

// A member's rating comes from three kinds of review: the qualification review of a lead, the customer's
// viewing review, and a customer review. Each review screen (or integration) writes its rating here; the ratings
// list moderates them (a hidden rating no longer counts) and the summary adds them up per member and office.

export const RATING_SOURCES = ['qualification', 'viewing', 'customer'] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];
export const RATING_SOURCE_LABELS: Record<RatingSource, string> = {
  qualification: 'Qualification review',
  viewing: 'Viewing review',
  customer: 'Customer review',
};

export const memberRatingFields = {
  ...baseFields({ softDelete: true }),
  member: f.ref('members', { label: 'Team Member', nullable: false, exportable: false }),
  source: f.enum(RATING_SOURCES, { label: 'Source', sortable: true, filterable: true, distinct: true }),
  rating: f.int({ label: 'Rating', sortable: true }),
  comment: f.string({ label: 'Comment', nullable: true, searchable: true }),
  customer: f.ref('customers', { label: 'Customer', exportable: false }),
  lead: f.ref('leads', { label: 'Lead', exportable: false }),
  hidden: f.boolean({ label: 'Hidden', sortable: true }),
  ratedAt: f.date({ label: 'Rated At', sortable: true }),
};

const rating = z
  .number({ error: 'Rating is required.' })
  .int({ error: 'Rating must be a whole number from 1 to 5.' })
  .min(1, { error: 'Rating must be a whole number from 1 to 5.' })
  .max(5, { error: 'Rating must be a whole number from 1 to 5.' });

export const MemberRatingInputSchema = z.strictObject({
  member: requiredId('Team member is required.', 'Team member'),
  source: requiredEnum(RATING_SOURCES, 'Source is required.', 'Source'),
  rating,
  comment: optionalText(2000),
  customer: optionalId('Customer'),
  lead: optionalId('Lead'),
  ratedAt: z.iso.datetime({ offset: true }).optional(),
});

/** PATCH ratings/{id}: moderation (hide or show) and the comment; the rating itself is the reviewer's. */
export const MemberRatingUpdateSchema = z.strictObject({
  hidden: z.boolean().optional(),
  comment: optionalText(2000),
});

export const memberRatingContract = defineContract({
  name: 'memberRatings',
  path: 'teams/members/ratings',
  label: { one: 'rating', many: 'ratings' },
  scope: 'asset',
  softDelete: true,
  fields: memberRatingFields,
  relations: { member: rel.one('members', pickFields(memberFields, ['_id', 'name', 'officeName']), { label: 'Team Member' }) },
  defaultSort: { field: 'ratedAt', direction: -1 },
  exportColumns: ['member.name', 'source', 'rating', 'comment', 'hidden', 'ratedAt'],
  create: MemberRatingInputSchema,
  update: MemberRatingUpdateSchema,
  permissions: {
    read: [P.MEMBERS_VIEW, P.BETTER_AGENT_REPORT_VIEW],
    create: [P.MEMBERS_VIEW],
    update: [P.MEMBERS_VIEW],
    delete: [P.MEMBERS_VIEW],
  },
});
