import {
  type ContractRecord,
  type ContractRow,
  deriveMarket,
  deriveSlaStage,
  type FieldKeyOf,
  type leadContract,
  type Market,
  MESSAGES,
  type PopulateOf,
  populated,
  ratingLabel,
  reviewFeedback,
  type SlaStage,
  yesNo,
} from '@crm/domain';

// A lead as the Leads report and the lead page read it (typed by the lead contract), and the values the columns
// derive from it (market, SLA stage, manager...: docs/product.md 'Leads report').

export type LeadRow = ContractRow<typeof leadContract>;
export type LeadRecord = ContractRecord<typeof leadContract>;

/** The lead fields the report reads beyond its columns (the list's `select`) and the relations it shows. */
export const LEADS_REPORT_SELECT: FieldKeyOf<typeof leadContract>[] = [
  'officeName',
  'parentId',
  'initialSlaEndDate',
  'freePoolSlaEndDate',
  'acceptedAt',
  'isAccepted',
  'isAssignedFromLeadPool',
  'creatorName',
  'updatedByName',
];

export const LEADS_REPORT_POPULATE: PopulateOf<typeof leadContract>[] = [
  { path: 'agent', select: ['name', 'officeName', 'reportedTo'] },
  { path: 'listing', select: ['reference'] },
  { path: 'project', select: ['name', 'campaignName', 'developer'] },
  { path: 'review', select: ['rating', 'feedback', 'category'] },
];

/** Names the report looks up by id: team members (managers) and developers. */
export interface LeadRowLookups {
  memberNames: ReadonlyMap<string, string>;
  developerNames: ReadonlyMap<string, string>;
}

export interface LeadRowView {
  market: Market;
  slaStage: SlaStage;
  office: string | null;
  manager: string | null;
  developer: string | null;
  claimed: 'Yes' | 'No';
  poolClaimed: 'Yes' | 'No';
  contacted: 'Yes' | 'No';
  rating: string;
  /** The rating's tooltip ('Unresponsive' for an empty rating-0 or unresponsive review). */
  feedback: string;
  createdBy: string;
  updatedBy: string;
}

const named = (id: string | null | undefined, names: ReadonlyMap<string, string>) => (id ? (names.get(id) ?? null) : null);

/** What the columns show for a lead, judged at `now`. */
export function leadRowView(lead: LeadRow, lookups: LeadRowLookups, now: Date): LeadRowView {
  const agent = populated(lead.agent);
  const project = populated(lead.project);
  const review = lead.review ?? null;
  return {
    market: deriveMarket({ project: lead.project, listing: lead.listing }),
    slaStage: deriveSlaStage(lead, now),
    office: lead.officeName || agent?.officeName || null,
    manager: named(agent?.reportedTo, lookups.memberNames),
    developer: named(project?.developer, lookups.developerNames),
    claimed: yesNo(lead.isAccepted),
    poolClaimed: yesNo(lead.isClaimedFromPool),
    contacted: yesNo(lead.isContacted),
    rating: ratingLabel(review?.rating),
    feedback: review ? reviewFeedback(review) : '',
    createdBy: lead.creatorName || MESSAGES.common.system,
    updatedBy: lead.updatedByName || MESSAGES.common.system,
  };
}
