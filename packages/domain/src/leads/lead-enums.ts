// docs/product.md 'Constants': the value sets of a lead. Values are what is stored and sent.

export const CONTACT_METHODS = ['Email', 'External Agent', 'Live Chat', 'Phone', 'Walk In', 'WhatsApp', 'Website'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const ENQUIRY_METHODS = ['Email', 'Viewing', 'Web Form', 'WhatsApp Property Finder Bot', 'WhatsApp Bot'] as const;
export type EnquiryMethod = (typeof ENQUIRY_METHODS)[number];

/** The lead's deal kind (leadType). */
export const LEAD_TYPES = ['Sale', 'Rent'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE = { SALE: 'Sale', RENT: 'Rent' } as const;

/** The form's lead type (type): what the lead is about. */
export const FORM_LEAD_TYPE = { LISTING: 'listing', OFFPLAN: 'offplan', GENERAL: 'general' } as const;
export const FORM_LEAD_TYPES = ['listing', 'offplan', 'general'] as const;
export type FormLeadType = (typeof FORM_LEAD_TYPES)[number];
export const FORM_LEAD_TYPE_LABELS: Readonly<Record<FormLeadType, string>> = {
  listing: 'Listing',
  offplan: 'Off Plan',
  general: 'General',
};

export const RATINGS = ['Cold', 'Warm', 'Hot'] as const;
export type Rating = (typeof RATINGS)[number];

/** Shown as the lead's "Type" in the Leads list. */
export const CONTACT_TYPE = { BUYER: 'Buyer', SELLER: 'Seller', TENANT: 'Tenant', LANDLORD: 'Landlord' } as const;
export const CONTACT_TYPES = ['Buyer', 'Seller', 'Tenant', 'Landlord'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const LEAD_STAGE = {
  NEW: 'New',
  QUALIFIED: 'Qualified',
  VIEWING: 'Viewing',
  OFFER: 'Offer',
  RESERVED: 'Reserved',
  DEAL: 'Deal',
  CLIENT_CONNECTED_TO_AGENT: 'Client Connected To Agent',
  CLOSED: 'Closed',
  VIEWING_ARRANGED: 'Viewing Arranged',
  VIEWING_DONE: 'Viewing Done',
  SUCCESSFUL: 'Successful',
  UNSUCCESSFUL: 'Unsuccessful',
} as const;
export type LeadStage = (typeof LEAD_STAGE)[keyof typeof LEAD_STAGE];
/** Every stage name known; the server may send others, which still get a colour. */
export const LEAD_STAGES = Object.values(LEAD_STAGE) as LeadStage[];

/** The stage options of the lead form (default New). */
export const LEAD_FORM_STAGES = ['New', 'Qualified', 'Viewing', 'Offer', 'Reserved', 'Deal'] as const;
export type LeadFormStage = (typeof LEAD_FORM_STAGES)[number];
export const DEFAULT_LEAD_STAGE: LeadFormStage = 'New';

export const STAGE_COLORS: Readonly<Record<string, string>> = {
  [LEAD_STAGE.NEW]: 'gold',
  [LEAD_STAGE.CLOSED]: 'red',
  [LEAD_STAGE.SUCCESSFUL]: 'green',
};
// antd's neutral tag (dark text on light grey, 4.5:1 and more); a custom 'grey' would be grey text on a grey tint (3.5:1).
export const DEFAULT_STAGE_COLOR = 'default';

export function stageColor(stage: string | null | undefined): string {
  return (stage && STAGE_COLORS[stage]) || DEFAULT_STAGE_COLOR;
}

export const LEAD_STATUS = { OPEN: 'Open', CLOSED: 'Closed' } as const;
export const LEAD_STATUSES = ['Open', 'Closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const DEFAULT_LEAD_STATUS: LeadStatus = 'Open';

/** The Leads list tag: green for Open, blue otherwise. */
export function statusColor(status: string | null | undefined): 'green' | 'blue' {
  return status === LEAD_STATUS.OPEN ? 'green' : 'blue';
}

export const LEAD_ACTION = {
  CLIENT_CONNECTED_TO_AGENT: 'Client Connected to Agent',
  REQUIRES_CALL_FROM_AGENT: 'Requires call from agent',
} as const;
export const LEAD_ACTIONS = ['Client Connected to Agent', 'Requires call from agent'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

export const MARKET = { OFF_PLAN: 'Off Plan', SECONDARY: 'Secondary', GENERAL: 'General' } as const;
/** Order of the Leads filter's Market options. */
export const MARKETS = ['Secondary', 'Off Plan', 'General'] as const;
export type Market = (typeof MARKETS)[number];

export const SLA_STAGE = { NONE: '-', INITIAL: 'Initial', LEAD_POOL: 'Lead Pool', MANAGER: 'Manager' } as const;
export const SLA_STAGES = ['-', 'Initial', 'Lead Pool', 'Manager'] as const;
export type SlaStage = (typeof SLA_STAGES)[number];
export const SLA_STAGE_COLORS: Readonly<Record<SlaStage, string | undefined>> = {
  '-': undefined,
  Initial: 'blue',
  'Lead Pool': 'blue',
  Manager: 'blue',
};

/** Claimed, Pool Claimed and Contacted columns. */
export const YES_NO_COLORS = { Yes: 'green', No: 'red' } as const;

/** The Leads filter "Exclude Test Agents" starts on. */
export const EXCLUDE_TEST_AGENTS_DEFAULT = true;

/** Fields an update may not change once they hold a value (docs/leads.md 'Saving'). */
export const LEAD_FIELDS_LOCKED_ONCE_SET = ['listing', 'campaignName', 'customer', 'source', 'enquiryMethod', 'contactMethod'] as const;

/** The default sort of the Leads report. */
export const DEFAULT_LEAD_SORT = { dataSourceCreatedAt: -1 } as const;
