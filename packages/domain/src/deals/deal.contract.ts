import { z } from 'zod';
import { customerFields } from '../customers/customer.contract.js';
import { leadFields } from '../leads/lead.contract.js';
import { listingFields } from '../listings/listing.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { projectFields } from '../projects/project.contract.js';
import { type ContractRecord, defineContract, rel } from '../resources/contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalId, optionalText, requiredEnum, requiredId, RUN_EVEN_WITH_ISSUES } from '../validation/zod-helpers.js';
import { DEAL_MESSAGES as M } from './deal-messages.js';
import { DEAL_OUTCOMES, DEAL_PIPELINES } from './deal-pipelines.js';
import { FULL_SHARE, MinorUnitsSchema } from './deal-splits.js';

// A deal (docs/product.md 'Deals'): what a lead becomes when it is being won, in a pipeline's stage, with its value
// and commission in integer minor units. The stage moves only through the stage call (its document gate); the
// outcome, probability, stale time and office follow from the stage, the pipeline's settings and the agent.

/** A file from Storage held by the deal as a document of a kind (what a stage may require). */
export const DealDocumentSchema = z.strictObject({
  file: z.uuid(),
  kind: z.string().trim().min(1).max(80),
  name: z.string(),
  url: z.string().nullable(),
});
export type DealDocument = z.infer<typeof DealDocumentSchema>;

export const DealDocumentInputSchema = z.strictObject({
  file: requiredId(M.documentNotFound, 'File'),
  kind: z.string({ error: M.documentKind }).trim().min(1, { error: M.documentKind }).max(80),
});

export const dealFields = {
  ...baseFields({ softDelete: true }),
  title: f.string({ label: 'Title', sortable: true, searchable: true }),
  lead: f.ref('leads', { label: 'Lead', exportable: false }),
  customer: f.ref('customers', { label: 'Customer', nullable: false, exportable: false }),
  listing: f.ref('listings', { label: 'Listing', exportable: false }),
  project: f.ref('projects', { label: 'Project', exportable: false }),
  agent: f.ref('members', { label: 'Agent', nullable: false, exportable: false }),
  officeName: f.string({ label: 'Office', nullable: true, sortable: true, distinct: true }),
  pipeline: f.enum(DEAL_PIPELINES, { label: 'Pipeline', sortable: true, distinct: true }),
  stage: f.string({ label: 'Stage', sortable: true, distinct: true }),
  outcome: f.enum(DEAL_OUTCOMES, { label: 'Outcome', sortable: true, distinct: true }),
  probability: f.int({ label: 'Probability (%)', sortable: true }),
  value: f.money({ label: 'Value (minor units)', sortable: true }),
  /** The asset's currency when the deal was opened: every sum of a pipeline is in it. */
  currency: f.string({ label: 'Currency' }),
  commissionBasisPoints: f.int({ label: 'Commission Rate (basis points)', nullable: true }),
  commission: f.money({ label: 'Commission (minor units)', sortable: true }),
  expectedCloseDate: f.date({ label: 'Expected Closing', nullable: true, sortable: true }),
  actualCloseDate: f.date({ label: 'Closed On', nullable: true, sortable: true }),
  lostReason: f.string({ label: 'Lost Reason', nullable: true, searchable: true }),
  documents: f.json({ label: 'Documents' }, z.array(DealDocumentSchema)),
  notes: f.string({ label: 'Notes', nullable: true, searchable: true }),
  stageChangedAt: f.date({ label: 'Stage Changed At', sortable: true }),
  lastActivityAt: f.date({ label: 'Last Activity', sortable: true }),
  /** When the deal turns stale without activity (its stage's setting); null when won, lost or never. */
  staleAt: f.date({ label: 'Stale From', nullable: true, sortable: true }),
};

const commissionRate = z
  .number({ error: M.commissionRate })
  .int({ error: M.commissionRate })
  .min(0, { error: M.commissionRate })
  .max(FULL_SHARE, { error: M.commissionRate });
const closeDate = z.iso.datetime({ offset: true }).nullish();
const documents = z.array(DealDocumentInputSchema).max(30);

const dealBody = {
  title: optionalText(200),
  customer: optionalId('Customer'),
  listing: optionalId('Listing'),
  project: optionalId('Project'),
  agent: optionalId('Agent'),
  value: MinorUnitsSchema.optional(),
  commissionBasisPoints: commissionRate.nullish(),
  commission: MinorUnitsSchema.nullish(),
  expectedCloseDate: closeDate,
  documents: documents.optional(),
  notes: optionalText(4000),
};

const oneCommission = (body: { commissionBasisPoints?: number | null; commission?: number | null }, ctx: z.RefinementCtx) => {
  if (body.commissionBasisPoints != null && body.commission != null)
    ctx.addIssue({ code: 'custom', path: ['commission'], message: M.commissionOneOf });
};

/**
 * POST deals: a lead's deal carries the lead's customer, listing or project, agent and budget (what the body leaves
 * out); without a lead the customer is required. The stage defaults to the pipeline's first; a closed stage is
 * reached through the stage call, which checks its documents and reason.
 */
export const DealCreateSchema = z
  .strictObject({
    ...dealBody,
    lead: optionalId('Lead'),
    pipeline: requiredEnum(DEAL_PIPELINES, M.pipelineRequired, 'Pipeline').optional(),
    stage: z.string().max(40).optional(),
  })
  .superRefine(oneCommission, RUN_EVEN_WITH_ISSUES);
export type DealCreate = z.infer<typeof DealCreateSchema>;

/** PATCH deals/{id}: the deal's facts; its stage only through PATCH deals/{id}/stage, the lead and pipeline stay. */
export const DealUpdateSchema = z.strictObject(dealBody).superRefine(oneCommission, RUN_EVEN_WITH_ISSUES);
export type DealUpdate = z.infer<typeof DealUpdateSchema>;

export const DEAL_READ = [P.DEALS_VIEW] as const;

export const dealContract = defineContract({
  name: 'deals',
  path: 'deals',
  label: { one: 'deal', many: 'deals' },
  scope: 'asset',
  softDelete: true,
  fields: dealFields,
  relations: {
    lead: rel.one('leads', pickFields(leadFields, ['_id', 'leadID', 'stage']), { label: 'Lead' }),
    customer: rel.one('customers', pickFields(customerFields, ['_id', 'fullName', 'customerID']), { label: 'Customer' }),
    listing: rel.one('listings', pickFields(listingFields, ['_id', 'reference', 'title']), { label: 'Listing' }),
    project: rel.one('projects', pickFields(projectFields, ['_id', 'name']), { label: 'Project' }),
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name']), { label: 'Agent' }),
  },
  defaultSort: { field: 'stageChangedAt', direction: -1 },
  exportColumns: [
    'title',
    'pipeline',
    'stage',
    'outcome',
    'customer.fullName',
    'agent.name',
    'officeName',
    'listing.reference',
    'project.name',
    'value',
    'currency',
    'commission',
    'probability',
    'expectedCloseDate',
    'actualCloseDate',
    'lostReason',
  ],
  create: DealCreateSchema,
  update: DealUpdateSchema,
  permissions: { read: DEAL_READ, create: DEAL_READ, update: DEAL_READ, delete: [P.SUPER_ACCESS] },
});

export type DealRecord = ContractRecord<typeof dealContract>;
