import { z } from 'zod';
import { customerFields } from '../customers/customer.contract.js';
import { dealFields } from '../deals/deal.contract.js';
import { leadFields } from '../leads/lead.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { type ContractRecord, defineContract, rel } from '../resources/contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { memberFields } from '../teams/team.contract.js';
import { ACTIVITY_RECURRENCES, recurrenceIssues } from './activity-recurrence.js';
import { optionalEnum, optionalId, optionalText, requiredEnum, requiredText, RUN_EVEN_WITH_ISSUES } from '../validation/zod-helpers.js';

// An activity (docs/product.md 'Activities'): a call, email, WhatsApp message, meeting, note or task on a lead, its
// customer or a deal, by or for an agent. Logging one tells of it (activity.logged): the lead's latest activity and
// its time follow, a person's (not the system's) counts as the lead contacted, a deal's stale clock restarts.

export const ACTIVITY_TYPES = ['call', 'email', 'whatsapp', 'meeting', 'note', 'task'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  call: 'Call',
  email: 'Email',
  whatsapp: 'WhatsApp',
  meeting: 'Meeting',
  note: 'Note',
  task: 'Task',
};

export const ACTIVITY_MESSAGES = {
  typeRequired: 'Type is required.',
  subjectRequired: 'Subject is required.',
  aboutRequired: 'Choose the lead, customer or deal it is about.',
  reminderPast: 'A reminder cannot be in the past.',
  reminderNeedsDue: 'A reminder needs a due time.',
  notFound: (what: string) => `${what} not found.`,
  logged: (type: string, subject: string) => `${type}: ${subject}`,
} as const;
const M = ACTIVITY_MESSAGES;

export const activityFields = {
  ...baseFields({ softDelete: true }),
  type: f.enum(ACTIVITY_TYPES, { label: 'Type', sortable: true, distinct: true }),
  subject: f.string({ label: 'Subject', searchable: true, sortable: true }),
  notes: f.string({ label: 'Notes', nullable: true, searchable: true }),
  lead: f.ref('leads', { label: 'Lead', exportable: false }),
  customer: f.ref('customers', { label: 'Customer', exportable: false }),
  deal: f.ref('deals', { label: 'Deal', exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  dueAt: f.date({ label: 'Due', nullable: true, sortable: true }),
  durationMinutes: f.int({ label: 'Duration (minutes)', nullable: true }),
  doneAt: f.date({ label: 'Done', nullable: true, sortable: true }),
  outcome: f.string({ label: 'Outcome', nullable: true }),
  reminderAt: f.date({ label: 'Reminder', nullable: true, sortable: true }),
  /** A task that repeats (docs/product.md 'Activities'): marking it done creates the next occurrence. */
  recurrence: f.enum(ACTIVITY_RECURRENCES, { label: 'Repeats', nullable: true, distinct: true }),
  recurrenceUntil: f.date({ label: 'Repeats until', nullable: true }),
};

const when = z.iso.datetime({ offset: true }).nullish();
const body = {
  subject: optionalText(300),
  notes: optionalText(4000),
  agent: optionalId('Agent'),
  dueAt: when,
  durationMinutes: z.number().int().min(1).max(1440).nullish(),
  doneAt: when,
  outcome: optionalText(300),
  reminderAt: when,
  recurrence: optionalEnum(ACTIVITY_RECURRENCES, 'Repeats'),
  recurrenceUntil: when,
};

const reminderRules = (value: { reminderAt?: string | null; dueAt?: string | null }, ctx: z.RefinementCtx) => {
  if (value.reminderAt && !value.dueAt) ctx.addIssue({ code: 'custom', path: ['reminderAt'], message: M.reminderNeedsDue });
};

/** The recurrence rules on what the body itself says (a PATCH is checked again over the stored row by the server). */
const recurrenceRules = (value: Parameters<typeof recurrenceIssues>[0], ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(recurrenceIssues(value))) ctx.addIssue({ code: 'custom', path: [path], message });
};

/** POST activities: what happened (or is to do) and what it is about; a reminder never in the past (the server's clock). */
export const ActivityCreateSchema = z
  .strictObject({
    ...body,
    type: requiredEnum(ACTIVITY_TYPES, M.typeRequired, 'Type'),
    subject: requiredText(M.subjectRequired, undefined, 300),
    lead: optionalId('Lead'),
    customer: optionalId('Customer'),
    deal: optionalId('Deal'),
  })
  .superRefine((value, ctx) => {
    if (!value.lead && !value.customer && !value.deal) ctx.addIssue({ code: 'custom', path: ['lead'], message: M.aboutRequired });
    reminderRules(value, ctx);
    recurrenceRules(value, ctx);
  }, RUN_EVEN_WITH_ISSUES);
export type ActivityCreate = z.infer<typeof ActivityCreateSchema>;

/** PATCH activities/{id}: its facts, done or not; what it is about stays. */
export const ActivityUpdateSchema = z.strictObject({ ...body, type: optionalEnum(ACTIVITY_TYPES, 'Type') });

export const activityContract = defineContract({
  name: 'activities',
  path: 'activities',
  label: { one: 'activity', many: 'activities' },
  scope: 'asset',
  softDelete: true,
  fields: activityFields,
  relations: {
    lead: rel.one('leads', pickFields(leadFields, ['_id', 'leadID']), { label: 'Lead' }),
    customer: rel.one('customers', pickFields(customerFields, ['_id', 'fullName']), { label: 'Customer' }),
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name']), { label: 'Agent' }),
    deal: rel.one('deals', pickFields(dealFields, ['_id', 'title']), { label: 'Deal' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['type', 'subject', 'lead.leadID', 'customer.fullName', 'agent.name', 'dueAt', 'doneAt', 'outcome', 'notes'],
  create: ActivityCreateSchema,
  update: ActivityUpdateSchema,
  permissions: {
    read: [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE, P.DEALS_VIEW],
    create: [P.LEAD_UPDATE, P.DEALS_VIEW],
    update: [P.LEAD_UPDATE, P.DEALS_VIEW],
    delete: [P.LEAD_UPDATE, P.DEALS_VIEW],
  },
});
export type ActivityRecord = ContractRecord<typeof activityContract>;
