import {
  deriveMarket,
  deriveSlaStage,
  MESSAGES,
  ratingLabel,
  reviewFeedback,
  yesNo,
  type Market,
  type SlaStage,
  type FieldKeyOf,
  type leadContract,
  type PopulateOf,
} from '@crm/domain';

// One row of the Leads report: what the generic lead list answers, read defensively,
// and the values the columns show (derived market and SLA stage: docs/product.md 'Leads report').

/** The lead fields the report reads (the list's `select`) and the relations it shows (its `populate`). */
export const LEADS_REPORT_SELECT: FieldKeyOf<typeof leadContract>[] = [
  'leadID',
  'sourceDataId',
  'contactType',
  'inputSource',
  'source',
  'sourceChannel',
  'location',
  'status',
  'stage',
  'officeName',
  'parentId',
  'dataSourceCreatedAt',
  'initialSlaEndDate',
  'freePoolSlaEndDate',
  'acceptedAt',
  'isAccepted',
  'isAssignedFromLeadPool',
  'isClaimedFromPool',
  'isContacted',
  'creatorName',
  'updatedByName',
] as const;

export const LEADS_REPORT_POPULATE: PopulateOf<typeof leadContract>[] = [
  { path: 'agent', select: ['name', 'officeName', 'reportedTo'] },
  { path: 'listing', select: ['reference'] },
  { path: 'project', select: ['name', 'campaignName', 'developer'] },
  { path: 'review', select: ['rating', 'feedback', 'category'] },
];

export interface LeadRef {
  id: string;
  label: string;
}

export interface LeadReportRow {
  id: string;
  leadID: string;
  crmId: string | null;
  contactType: string | null;
  inputSource: string | null;
  source: string | null;
  sourceChannel: string | null;
  location: string | null;
  status: string | null;
  stage: string | null;
  officeName: string | null;
  parentId: string | null;
  dataSourceCreatedAt: string | null;
  initialSlaEndDate: string | null;
  freePoolSlaEndDate: string | null;
  acceptedAt: string | null;
  isAccepted: boolean;
  isAssignedFromLeadPool: boolean;
  isClaimedFromPool: boolean;
  isContacted: boolean;
  creatorName: string | null;
  updatedByName: string | null;
  agent: (LeadRef & { officeName: string | null; reportedTo: string | null }) | null;
  listing: LeadRef | null;
  project: (LeadRef & { campaignName: string | null; developer: string | null }) | null;
  review: { rating: number | null; feedback: string | null; category: string | null } | null;
}

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null;
const flag = (value: unknown): boolean => value === true;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function refOf(value: unknown, labelKey: string): (LeadRef & { raw: Raw }) | null {
  if (!isRecord(value)) return null;
  const id = text(value._id);
  return id ? { id, label: text(value[labelKey]) ?? '', raw: value } : null;
}

export function readLeadRow(row: Raw): LeadReportRow {
  const agent = refOf(row.agent, 'name');
  const listing = refOf(row.listing, 'reference');
  const project = refOf(row.project, 'name');
  const review = isRecord(row.review) ? row.review : null;
  return {
    id: text(row._id) ?? '',
    leadID: text(row.leadID) ?? '',
    crmId: text(row.sourceDataId),
    contactType: text(row.contactType),
    inputSource: text(row.inputSource),
    source: text(row.source),
    sourceChannel: text(row.sourceChannel),
    location: text(row.location),
    status: text(row.status),
    stage: text(row.stage),
    officeName: text(row.officeName),
    parentId: text(row.parentId),
    dataSourceCreatedAt: text(row.dataSourceCreatedAt),
    initialSlaEndDate: text(row.initialSlaEndDate),
    freePoolSlaEndDate: text(row.freePoolSlaEndDate),
    acceptedAt: text(row.acceptedAt),
    isAccepted: flag(row.isAccepted),
    isAssignedFromLeadPool: flag(row.isAssignedFromLeadPool),
    isClaimedFromPool: flag(row.isClaimedFromPool),
    isContacted: flag(row.isContacted),
    creatorName: text(row.creatorName),
    updatedByName: text(row.updatedByName),
    agent: agent
      ? { id: agent.id, label: agent.label, officeName: text(agent.raw.officeName), reportedTo: text(agent.raw.reportedTo) }
      : null,
    listing: listing ? { id: listing.id, label: listing.label } : null,
    project: project
      ? { id: project.id, label: project.label, campaignName: text(project.raw.campaignName), developer: text(project.raw.developer) }
      : null,
    review: review ? { rating: num(review.rating), feedback: text(review.feedback), category: text(review.category) } : null,
  };
}

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

/** What the columns show for a row, judged at `now`. */
export function leadRowView(lead: LeadReportRow, lookups: LeadRowLookups, now: Date): LeadRowView {
  const managerId = lead.agent?.reportedTo;
  const developerId = lead.project?.developer;
  return {
    market: deriveMarket({ project: lead.project?.id, listing: lead.listing?.id }),
    slaStage: deriveSlaStage(lead, now),
    office: lead.officeName ?? lead.agent?.officeName ?? null,
    manager: managerId ? (lookups.memberNames.get(managerId) ?? null) : null,
    developer: developerId ? (lookups.developerNames.get(developerId) ?? null) : null,
    claimed: yesNo(lead.isAccepted),
    poolClaimed: yesNo(lead.isClaimedFromPool),
    contacted: yesNo(lead.isContacted),
    rating: ratingLabel(lead.review?.rating),
    feedback: lead.review ? reviewFeedback(lead.review) : '',
    createdBy: lead.creatorName ?? MESSAGES.common.system,
    updatedBy: lead.updatedByName ?? MESSAGES.common.system,
  };
}
