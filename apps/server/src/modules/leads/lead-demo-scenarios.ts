import type { ContactMethod, ContactType, EnquiryMethod, FormLeadType, LeadStage, Rating } from '@crm/domain';
import type { DemoSlot } from '../../core/demo-data.js';

// The demo leads of one asset (docs/api.md 'Demo data'), as scenarios the demo seed plays through the lead engine
// (lead.demo-seed.ts): every stage, every SLA stage ('Initial', 'Lead Pool', 'Manager', '-'), the three form types,
// returning customers (whose new lead the engine makes a child of their open one) and a few reviews. Plain data:
// who gets each lead, its leadID, SLA dates and history are the engine's.

const H = 60;
const D = 24 * H;

/**
 * What happens to the lead's clock: 'initial' still running, 'accepted' in time, 'pool' left to enter the pool,
 * 'claimed' from the pool, 'manager' left until it escalates, 'none' no SLA (manual, child, spam or agent customer).
 */
export type SlaCase = 'initial' | 'accepted' | 'pool' | 'claimed' | 'manager' | 'none';

export interface LeadScenario {
  kind: FormLeadType;
  /** The listing's or project's place in the asset's demo list. */
  item?: number;
  customer: number;
  /** A manual lead's agent, and the referrer; routing picks the agent of the others. */
  agent: DemoSlot;
  sla: SlaCase;
  stage: LeadStage;
  ageMinutes: number;
  /** Accepted this many minutes after the (last) assignment. */
  responseMinutes?: number;
  claimedBy?: DemoSlot;
  /** Documents the older open lead of the same customer the engine makes this lead's parent. */
  parent?: number;
  source: string;
  contactType?: ContactType;
  rating?: Rating;
  review?: { rating: number | null; category: string; feedback: string | null };
}

// Index = scenario number; `parent` points at an earlier (older) scenario of the same customer.
export const LEAD_SCENARIOS: readonly LeadScenario[] = [
  {
    kind: 'listing',
    item: 0,
    customer: 0,
    agent: 'a',
    sla: 'initial',
    stage: 'New',
    ageMinutes: 10,
    source: 'Property Finder',
    rating: 'Hot',
  },
  { kind: 'offplan', item: 0, customer: 1, agent: 'c', sla: 'initial', stage: 'New', ageMinutes: 4, source: 'Website' },
  { kind: 'listing', item: 4, customer: 2, agent: 'b', sla: 'pool', stage: 'New', ageMinutes: 55, source: 'Bayut' },
  { kind: 'offplan', item: 1, customer: 3, agent: 'c', sla: 'pool', stage: 'New', ageMinutes: 100, source: 'Google Ads' },
  {
    kind: 'listing',
    item: 1,
    customer: 4,
    agent: 'c',
    sla: 'claimed',
    claimedBy: 'a',
    responseMinutes: 6,
    stage: 'Client Connected To Agent',
    ageMinutes: 95,
    source: 'Dubizzle',
  },
  { kind: 'offplan', item: 2, customer: 5, agent: 'c', sla: 'manager', stage: 'New', ageMinutes: 5 * H, source: 'Facebook' },
  {
    kind: 'listing',
    item: 5,
    customer: 6,
    agent: 'a',
    sla: 'manager',
    responseMinutes: 14,
    stage: 'Qualified',
    ageMinutes: 2 * D,
    source: 'Property Finder',
  },
  {
    kind: 'listing',
    item: 2,
    customer: 7,
    agent: 'b',
    sla: 'accepted',
    responseMinutes: 7,
    stage: 'Qualified',
    ageMinutes: D + 3 * H,
    source: 'Bayut',
    rating: 'Hot',
  },
  {
    kind: 'offplan',
    item: 0,
    customer: 8,
    agent: 'c',
    sla: 'accepted',
    responseMinutes: 18,
    stage: 'Viewing',
    ageMinutes: 3 * D,
    source: 'Website',
  },
  {
    kind: 'listing',
    item: 6,
    customer: 9,
    agent: 'b',
    sla: 'accepted',
    responseMinutes: 3,
    stage: 'Viewing Arranged',
    ageMinutes: 6 * D,
    source: 'Property Finder',
    rating: 'Cold',
  },
  {
    kind: 'listing',
    item: 0,
    customer: 10,
    agent: 'a',
    sla: 'accepted',
    responseMinutes: 22,
    stage: 'Viewing Done',
    ageMinutes: 12 * D,
    source: 'Dubizzle',
  },
  {
    kind: 'offplan',
    item: 2,
    customer: 11,
    agent: 'b',
    sla: 'accepted',
    responseMinutes: 9,
    stage: 'Offer',
    ageMinutes: 20 * D,
    source: 'Google Ads',
    review: { rating: 3, category: 'qualified', feedback: 'Agent explained the payment plan clearly.' },
  },
  {
    kind: 'offplan',
    item: 1,
    customer: 12,
    agent: 'c',
    sla: 'accepted',
    responseMinutes: 12,
    stage: 'Reserved',
    ageMinutes: 35 * D,
    source: 'Referral',
    rating: 'Hot',
  },
  {
    kind: 'general',
    customer: 13,
    agent: 'b',
    sla: 'none',
    responseMinutes: 30,
    stage: 'Qualified',
    ageMinutes: 8 * D,
    source: 'Walk In',
    contactType: 'Seller',
  },
  {
    kind: 'general',
    customer: 14,
    agent: 'test',
    sla: 'none',
    stage: 'New',
    ageMinutes: 2 * D + 4 * H,
    source: 'Walk In',
    contactType: 'Landlord',
  },
  { kind: 'offplan', item: 0, customer: 16, agent: 'c', sla: 'none', stage: 'New', ageMinutes: D, source: 'Referral' },
  {
    kind: 'listing',
    item: 3,
    customer: 18,
    agent: 'a',
    sla: 'none',
    stage: 'Unsuccessful',
    ageMinutes: 4 * D,
    source: 'Website',
    rating: 'Cold',
  },
  { kind: 'general', customer: 19, agent: 'b', sla: 'none', stage: 'New', ageMinutes: 12 * H, source: 'Facebook', contactType: 'Buyer' },
  {
    kind: 'listing',
    item: 6,
    customer: 17,
    agent: 'b',
    sla: 'none',
    responseMinutes: 45,
    stage: 'Qualified',
    ageMinutes: 15 * D,
    source: 'Referral',
  },
  // Children: same customer as an open parent, the parent's agent, no SLA.
  { kind: 'listing', item: 7, customer: 7, agent: 'b', parent: 7, sla: 'none', stage: 'New', ageMinutes: 6 * H, source: 'Bayut' },
  { kind: 'listing', item: 0, customer: 7, agent: 'b', parent: 7, sla: 'none', stage: 'New', ageMinutes: 2 * H, source: 'Property Finder' },
  { kind: 'offplan', item: 1, customer: 8, agent: 'c', parent: 8, sla: 'none', stage: 'New', ageMinutes: D - 30, source: 'Website' },
  // Closed history, spread over this year and last.
  {
    kind: 'listing',
    item: 1,
    customer: 15,
    agent: 'c',
    sla: 'accepted',
    responseMinutes: 5,
    stage: 'Deal',
    ageMinutes: 45 * D,
    source: 'Property Finder',
    review: { rating: 5, category: 'qualified', feedback: 'Excellent service, very responsive.' },
  },
  {
    kind: 'offplan',
    item: 2,
    customer: 0,
    agent: 'b',
    sla: 'accepted',
    responseMinutes: 16,
    stage: 'Successful',
    ageMinutes: 70 * D,
    source: 'Website',
    review: { rating: 4, category: 'qualified', feedback: 'Good follow-up on the handover.' },
  },
  {
    kind: 'listing',
    item: 5,
    customer: 1,
    agent: 'a',
    sla: 'accepted',
    responseMinutes: 25,
    stage: 'Closed',
    ageMinutes: 100 * D,
    source: 'Bayut',
  },
  {
    kind: 'listing',
    item: 2,
    customer: 2,
    agent: 'b',
    sla: 'accepted',
    responseMinutes: 28,
    stage: 'Unsuccessful',
    ageMinutes: 200 * D,
    source: 'Dubizzle',
    review: { rating: null, category: 'Unresponsive', feedback: null },
  },
  {
    kind: 'offplan',
    item: 0,
    customer: 3,
    agent: 'a',
    sla: 'accepted',
    responseMinutes: 8,
    stage: 'Deal',
    ageMinutes: 400 * D,
    source: 'Referral',
  },
  {
    kind: 'general',
    customer: 4,
    agent: 'disabled',
    sla: 'none',
    responseMinutes: 60,
    stage: 'Closed',
    ageMinutes: 150 * D,
    source: 'Walk In',
    contactType: 'Tenant',
    review: { rating: 0, category: 'not_interested', feedback: null },
  },
];

/** The stages a lead goes through to reach its scenario's stage, oldest first. */
const FORM_FLOW: LeadStage[] = ['New', 'Qualified', 'Viewing', 'Offer', 'Reserved', 'Deal'];
const OTHER_FLOWS: Partial<Record<LeadStage, LeadStage[]>> = {
  'Client Connected To Agent': ['New', 'Client Connected To Agent'],
  'Viewing Arranged': ['New', 'Qualified', 'Viewing Arranged'],
  'Viewing Done': ['New', 'Qualified', 'Viewing Arranged', 'Viewing Done'],
  Successful: ['New', 'Qualified', 'Viewing', 'Offer', 'Successful'],
  Unsuccessful: ['New', 'Qualified', 'Unsuccessful'],
  Closed: ['New', 'Closed'],
};

export function stagePath(stage: LeadStage): LeadStage[] {
  const index = FORM_FLOW.indexOf(stage);
  return index >= 0 ? FORM_FLOW.slice(0, index + 1) : (OTHER_FLOWS[stage] ?? ['New', stage]);
}

/** The stages the demo closes a lead with. */
export const CLOSING_STAGES = new Set<string>(['Deal', 'Closed', 'Successful', 'Unsuccessful']);

export interface DemoSource {
  input: string;
  contact: ContactMethod;
  enquiry: EnquiryMethod;
  utm: boolean;
  channel: string;
}

export const DEMO_SOURCES: Record<string, DemoSource> = {
  'Property Finder': {
    channel: 'Portal',
    input: 'Property Finder',
    contact: 'WhatsApp',
    enquiry: 'WhatsApp Property Finder Bot',
    utm: false,
  },
  Bayut: { channel: 'Portal', input: 'Bayut', contact: 'Phone', enquiry: 'Email', utm: false },
  Dubizzle: { channel: 'Portal', input: 'Dubizzle', contact: 'Phone', enquiry: 'Email', utm: false },
  Website: { channel: 'Organic', input: 'Website', contact: 'Website', enquiry: 'Web Form', utm: true },
  'Google Ads': { channel: 'Paid Search', input: 'Website', contact: 'Website', enquiry: 'Web Form', utm: true },
  Facebook: { channel: 'Paid Social', input: 'Zapier', contact: 'Live Chat', enquiry: 'WhatsApp Bot', utm: true },
  'Walk In': { channel: 'Direct', input: 'CRM', contact: 'Walk In', enquiry: 'Viewing', utm: false },
  Referral: { channel: 'Referral', input: 'CRM', contact: 'Phone', enquiry: 'Email', utm: false },
};
