import {
  LEAD_ASSIGNMENT_REASON,
  LEAD_ACTION,
  LEAD_STATUS,
  type ContactMethod,
  type ContactType,
  type CustomerType,
  type EnquiryMethod,
  type FormLeadType,
  type LeadStage,
  type Rating,
} from '@crm/domain';
import type { Prisma } from '../generated/prisma/client.js';
import type { ListingFixture, MemberSlot, ProjectFixture } from './demo-fixtures.js';
import { demoId } from './demo-fixtures.js';

// The demo leads of one asset: every stage, every SLA stage ('Initial', 'Lead Pool', 'Manager', '-'), the three
// form types, parents with children, assignment and stage history, and a few reviews (the lead engine's rules hold:
// a customer has at most one open lead without a parent, children follow the parent's agent and get no SLA).

const MINUTE = 60_000;
const H = 60;
const D = 24 * H;

type SlaCase = 'initial' | 'accepted' | 'pool' | 'claimed' | 'manager' | 'none';

interface LeadScenario {
  kind: FormLeadType;
  item?: number;
  customer: number;
  agent: MemberSlot;
  sla: SlaCase;
  stage: LeadStage;
  ageMinutes: number;
  /** Accepted this many minutes after the (last) assignment. */
  responseMinutes?: number;
  claimedBy?: MemberSlot;
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

const CLOSING_STAGES = new Set<string>(['Deal', 'Closed', 'Successful', 'Unsuccessful']);
const FORM_FLOW: LeadStage[] = ['New', 'Qualified', 'Viewing', 'Offer', 'Reserved', 'Deal'];
const OTHER_FLOWS: Partial<Record<LeadStage, LeadStage[]>> = {
  'Client Connected To Agent': ['New', 'Client Connected To Agent'],
  'Viewing Arranged': ['New', 'Qualified', 'Viewing Arranged'],
  'Viewing Done': ['New', 'Qualified', 'Viewing Arranged', 'Viewing Done'],
  Successful: ['New', 'Qualified', 'Viewing', 'Offer', 'Successful'],
  Unsuccessful: ['New', 'Qualified', 'Unsuccessful'],
  Closed: ['New', 'Closed'],
};

function stagePath(stage: LeadStage): LeadStage[] {
  const index = FORM_FLOW.indexOf(stage);
  return index >= 0 ? FORM_FLOW.slice(0, index + 1) : (OTHER_FLOWS[stage] ?? ['New', stage]);
}

const SOURCES: Record<string, { channel: string; input: string; contact: ContactMethod; enquiry: EnquiryMethod; utm: boolean }> = {
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

export interface LeadBuildContext {
  assetKey: string;
  assetId: string;
  companyId: string;
  now: Date;
  initialSlaMinutes: number;
  freePoolSlaMinutes: number;
  members: Map<MemberSlot, { id: string; name: string; officeName: string; userId: string | null }>;
  listings: (ListingFixture & { id: string })[];
  projects: (ProjectFixture & { id: string; developerName: string })[];
  customers: { id: string; type: CustomerType }[];
  creator: { id: string; name: string };
  generalLocation: string;
}

export interface DemoLeadRows {
  leads: Prisma.LeadCreateManyInput[];
  assignments: Prisma.LeadAssignmentCreateManyInput[];
  stageChanges: Prisma.LeadStageChangeCreateManyInput[];
  reviews: Prisma.LeadReviewCreateManyInput[];
  /** Response minutes per team member id (their averageResponseTime is the mean). */
  responseTimes: Map<string, number[]>;
}

const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / MINUTE);

function itemFields(scenario: LeadScenario, ctx: LeadBuildContext): Partial<Prisma.LeadCreateManyInput> {
  if (scenario.kind === 'listing') {
    const listing = ctx.listings[scenario.item ?? 0];
    if (!listing) throw new Error(`demo lead: no listing ${scenario.item}`);
    return {
      listingId: listing.id,
      leadType: listing.leadType,
      contactType: listing.leadType === 'Rent' ? 'Tenant' : 'Buyer',
      unitType: listing.unitType,
      location: listing.location,
      locations: [listing.location],
      subLocation: listing.subLocation,
      community: listing.community,
      minBedrooms: listing.bedrooms,
      maxBedrooms: listing.bedrooms,
      minBathrooms: listing.bathrooms,
      maxBathrooms: listing.bathrooms,
      minPrice: Math.round(listing.price * 0.9),
      maxPrice: listing.price,
      amenities: listing.amenities,
    };
  }
  if (scenario.kind === 'offplan') {
    const project = ctx.projects[scenario.item ?? 0];
    if (!project) throw new Error(`demo lead: no project ${scenario.item}`);
    return {
      projectId: project.id,
      leadType: 'Sale',
      contactType: 'Buyer',
      unitType: project.unitTypes[0] ?? null,
      location: project.location,
      locations: [project.location],
      minBedrooms: Math.min(...project.bedrooms),
      maxBedrooms: Math.max(...project.bedrooms),
      minPrice: project.minPrice,
      maxPrice: project.maxPrice,
      amenities: project.amenities,
    };
  }
  const contactType = scenario.contactType ?? 'Buyer';
  const rent = contactType === 'Tenant' || contactType === 'Landlord';
  return {
    contactType,
    leadType: rent ? 'Rent' : 'Sale',
    unitType: 'Apartment',
    location: ctx.generalLocation,
    locations: [ctx.generalLocation],
    minBedrooms: 1,
    maxBedrooms: 3,
    minBathrooms: 1,
    maxBathrooms: 3,
    minPrice: rent ? 80_000 : 1_200_000,
    maxPrice: rent ? 160_000 : 3_000_000,
    amenities: ['Balcony', 'Covered Parking'],
  };
}

/** Builds one asset's lead rows; leadIDs follow creation order ('L-000001' is the oldest). */
export function buildDemoLeads(ctx: LeadBuildContext): DemoLeadRows {
  const rows: DemoLeadRows = { leads: [], assignments: [], stageChanges: [], reviews: [], responseTimes: new Map() };
  const order = LEAD_SCENARIOS.map((scenario, index) => ({ scenario, index })).sort(
    (x, y) => y.scenario.ageMinutes - x.scenario.ageMinutes,
  );
  const finalAgent = new Map<number, string>();
  const member = (slot: MemberSlot) => {
    const found = ctx.members.get(slot);
    if (!found) throw new Error(`demo lead: no member in slot ${slot}`);
    return found;
  };
  const recordResponse = (agentId: string, minutes: number) =>
    rows.responseTimes.set(agentId, [...(rows.responseTimes.get(agentId) ?? []), minutes]);

  order.forEach(({ scenario, index }, position) => {
    const id = demoId(`${ctx.assetKey}:lead:${index}`);
    const leadID = `L-${String(position + 1).padStart(6, '0')}`;
    const createdAt = at(ctx.now, -scenario.ageMinutes);
    const customer = ctx.customers[scenario.customer];
    if (!customer) throw new Error(`demo lead: no customer ${scenario.customer}`);
    const source = SOURCES[scenario.source];
    if (!source) throw new Error(`demo lead: unknown source ${scenario.source}`);
    const parentId = scenario.parent === undefined ? null : demoId(`${ctx.assetKey}:lead:${scenario.parent}`);
    const first =
      scenario.parent === undefined ? member(scenario.agent).id : (finalAgent.get(scenario.parent) ?? member(scenario.agent).id);
    const manual = scenario.kind === 'general';
    const withSla = scenario.sla !== 'none';

    let agentId = first;
    let assignedAt = createdAt;
    let initialEnd: Date | null = withSla ? at(createdAt, ctx.initialSlaMinutes) : null;
    let freePoolEnd: Date | null = initialEnd ? at(initialEnd, ctx.freePoolSlaMinutes) : null;
    const firstReason = parentId ? LEAD_ASSIGNMENT_REASON.PARENT : manual ? LEAD_ASSIGNMENT_REASON.MANUAL : LEAD_ASSIGNMENT_REASON.AUTO;
    const assignments: Prisma.LeadAssignmentCreateManyInput[] = [
      { id: demoId(`${id}:assignment:0`), leadId: id, agentId: first, reason: firstReason, assignedAt: createdAt },
    ];

    if (scenario.sla === 'claimed' && scenario.claimedBy) {
      // Entered the pool when the initial SLA ended; claimed 15 minutes later with a fresh initial SLA.
      assignedAt = at(createdAt, ctx.initialSlaMinutes + 15);
      agentId = member(scenario.claimedBy).id;
      initialEnd = at(assignedAt, ctx.initialSlaMinutes);
      freePoolEnd = at(initialEnd, ctx.freePoolSlaMinutes);
      assignments.push({ id: demoId(`${id}:assignment:1`), leadId: id, agentId, reason: LEAD_ASSIGNMENT_REASON.POOL_CLAIM, assignedAt });
    }
    if (scenario.sla === 'manager' && freePoolEnd) {
      // The free-pool SLA ran out unclaimed: the agent's manager got it.
      assignedAt = freePoolEnd;
      agentId = member('manager').id;
      assignments.push({ id: demoId(`${id}:assignment:1`), leadId: id, agentId, reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED, assignedAt });
    }
    const acceptedAt = scenario.responseMinutes === undefined ? null : at(assignedAt, scenario.responseMinutes);
    const last = assignments[assignments.length - 1];
    if (acceptedAt && last && scenario.responseMinutes !== undefined) {
      last.acceptedAt = acceptedAt;
      last.responseMinutes = scenario.responseMinutes;
      recordResponse(agentId, scenario.responseMinutes);
    }
    rows.assignments.push(...assignments);
    finalAgent.set(index, agentId);

    const path = stagePath(scenario.stage);
    const start = acceptedAt ?? createdAt;
    const end = at(createdAt, Math.max(1, Math.floor(scenario.ageMinutes * 0.9)));
    const changes = path.map((stage, step) => ({
      id: demoId(`${id}:stage:${step}`),
      leadId: id,
      stage,
      status: CLOSING_STAGES.has(stage) ? LEAD_STATUS.CLOSED : LEAD_STATUS.OPEN,
      changedAt:
        step === 0 ? createdAt : new Date(start.getTime() + ((end.getTime() - start.getTime()) * step) / Math.max(1, path.length - 1)),
    }));
    rows.stageChanges.push(...changes);
    const lastChange = changes[changes.length - 1];
    const qualified = changes.find((change) => change.stage === 'Qualified');
    const closed = CLOSING_STAGES.has(scenario.stage);
    const agent = [...ctx.members.values()].find((candidate) => candidate.id === agentId);
    const fromCrm = source.input === 'CRM';

    const fields = itemFields(scenario, ctx);
    rows.leads.push({
      ...fields,
      id,
      companyId: ctx.companyId,
      assetId: ctx.assetId,
      leadID,
      customerId: customer.id,
      agentId,
      referredById: first,
      parentId,
      type: scenario.kind,
      contactType: fields.contactType ?? 'Buyer',
      source: scenario.source,
      sourceChannel: source.channel,
      sourceDataId: fromCrm ? null : `${ctx.assetKey.toUpperCase()}-${source.input.replace(/\s+/g, '').toUpperCase()}-${1000 + index}`,
      inputSource: source.input,
      enquiryMethod: source.enquiry,
      contactMethod: customer.type === 'External Agent' ? 'External Agent' : source.contact,
      stage: scenario.stage,
      status: closed ? LEAD_STATUS.CLOSED : LEAD_STATUS.OPEN,
      action: acceptedAt ? LEAD_ACTION.CLIENT_CONNECTED_TO_AGENT : LEAD_ACTION.REQUIRES_CALL_FROM_AGENT,
      rating: scenario.rating ?? 'Warm',
      country: 'United Arab Emirates',
      city: 'Dubai',
      remarks: parentId ? 'Returning customer with another enquiry.' : `Enquiry via ${scenario.source}.`,
      officeName: agent?.officeName ?? null,
      utm: source.utm
        ? {
            id: `utm-${index}`,
            source: scenario.source.toLowerCase().replace(/\s+/g, '-'),
            medium: source.channel === 'Organic' ? 'organic' : 'cpc',
            campaign: 'dubai-homes-2026',
          }
        : undefined,
      isManualAssignment: manual,
      setAutoSLADetails: !manual,
      initialSlaEndDate: initialEnd,
      freePoolSlaEndDate: freePoolEnd,
      isAccepted: acceptedAt !== null,
      acceptedAt,
      isContacted: acceptedAt !== null,
      isClaimedFromPool: scenario.sla === 'claimed',
      isInFreePool: scenario.sla === 'pool',
      isAssignedFromLeadPool: scenario.sla === 'manager',
      agentAssignedAt: assignedAt,
      slaResponseTime: scenario.responseMinutes ?? null,
      timeToQualify: qualified ? minutesBetween(createdAt, qualified.changedAt) : null,
      timeToClose: closed && lastChange ? minutesBetween(createdAt, lastChange.changedAt) : null,
      followUpAt: !closed && acceptedAt ? at(ctx.now, 2 * D) : null,
      latestActivity: `Stage changed to ${scenario.stage}`,
      lastActivityAt: lastChange?.changedAt ?? createdAt,
      dataSourceCreatedAt: createdAt,
      createdAt,
      creatorId: fromCrm ? ctx.creator.id : null,
      creatorName: fromCrm ? ctx.creator.name : 'System',
      updatedById: fromCrm ? ctx.creator.id : null,
      updatedByName: fromCrm ? ctx.creator.name : 'System',
    });

    if (scenario.review) {
      rows.reviews.push({
        id: demoId(`${id}:review`),
        companyId: ctx.companyId,
        assetId: ctx.assetId,
        leadId: id,
        customerId: customer.id,
        agentId,
        subjectType: 'Lead',
        category: scenario.review.category,
        rating: scenario.review.rating,
        feedback: scenario.review.feedback,
        subject: `Lead ${leadID}`,
        status: 'Completed',
        qualificationTime: qualified ? minutesBetween(createdAt, qualified.changedAt) : null,
        createdAt: lastChange?.changedAt ?? createdAt,
      });
    }
  });
  return rows;
}
