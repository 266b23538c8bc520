import { z } from 'zod';
import { LEAD_ASSIGNMENT_REASON } from '../leads/lead-engine.constants.js';

// The domain events a write records with its change (docs/architecture.md 'Domain events'), each with its payload's
// schema: the server checks a payload when it records the event and again when it delivers it, so a subscriber gets
// exactly this shape. A name says what happened, in the past tense of the business. The lead events' ids are checked
// for their shape only (z.guid): imported and seeded records carry ids that are no RFC 4122 version, and a payload
// check that refused one would refuse the lead's write itself.

export const DOMAIN_EVENTS = {
  /** A customer was created or changed: what changed decides who acts (the Do Not Call check, Intercom, marketing). */
  'customer.written': z.strictObject({
    customerId: z.uuid(),
    assetId: z.uuid(),
    created: z.boolean(),
    /** The number is new or changed: the Do Not Call Registry is asked again. */
    numberChanged: z.boolean(),
    /** The name, email or phone is new or changed: contact tools are told. */
    contactChanged: z.boolean(),
    /** The customer's updatedAt (ms), the version the write left. */
    version: z.string(),
  }),
  /** A lead was saved for the first time (a form, the API, a portal, a partner): its first owner and stage with it. */
  'lead.created': z.strictObject({
    leadId: z.guid(),
    assetId: z.guid(),
    customerId: z.guid(),
    agentId: z.guid(),
    stage: z.string(),
    /** Who created it; null for the system or an API key (what the product events name as its user). */
    userId: z.guid().nullable(),
  }),
  /** A lead changed owner after its creation (a manual reassignment, a pool claim, the SLA clock, a member leaving). */
  'lead.assigned': z.strictObject({
    leadId: z.guid(),
    assetId: z.guid(),
    agentId: z.guid(),
    previousAgentId: z.guid().nullable(),
    reason: z.enum(Object.values(LEAD_ASSIGNMENT_REASON)),
    userId: z.guid().nullable(),
  }),
  /** The assigned agent accepted the lead (its SLA clock stops). */
  'lead.accepted': z.strictObject({
    leadId: z.guid(),
    assetId: z.guid(),
    userId: z.guid().nullable(),
    /** When (ISO): with the lead, what makes this acceptance one product event. */
    at: z.iso.datetime(),
  }),
  /** A lead's stage or status changed: a deal won, a review invitation; the analytics and automations are told. */
  'lead.stage_changed': z.strictObject({
    leadId: z.guid(),
    assetId: z.guid(),
    customerId: z.guid(),
    stage: z.string(),
    status: z.string(),
    previousStage: z.string(),
    previousStatus: z.string(),
    userId: z.guid().nullable(),
    /** When (ISO): with the lead, what makes this change one product event. */
    at: z.iso.datetime(),
  }),
  /** An activity was logged (or a task created) on a lead, a customer or a deal. */
  'activity.logged': z.strictObject({
    activityId: z.guid(),
    assetId: z.guid(),
    leadId: z.guid().nullable(),
    dealId: z.guid().nullable(),
    type: z.string(),
    /** The line a lead's latest activity shows. */
    text: z.string(),
    /** A person logged it (not the system nor an API key): it counts as the lead contacted. */
    byPerson: z.boolean(),
    at: z.iso.datetime(),
  }),
  /** A task was created for a member, or given to another one: they hear of it unless they did it themselves. */
  'activity.assigned': z.strictObject({
    activityId: z.guid(),
    assetId: z.guid(),
    agentId: z.guid(),
    leadId: z.guid().nullable(),
    dealId: z.guid().nullable(),
    /** Who created or reassigned it (null: the system or an API key). */
    userId: z.guid().nullable(),
    at: z.iso.datetime(),
  }),
  /** A deal was opened (from a lead's move to Deal, or by hand). */
  'deal.created': z.strictObject({
    dealId: z.guid(),
    assetId: z.guid(),
    leadId: z.guid().nullable(),
    agentId: z.guid(),
    pipeline: z.string(),
    stage: z.string(),
    userId: z.guid().nullable(),
  }),
  /** A deal moved to another stage of its pipeline (won and lost too, which also tell their own event). */
  'deal.stage_changed': z.strictObject({
    dealId: z.guid(),
    assetId: z.guid(),
    agentId: z.guid(),
    stage: z.string(),
    previousStage: z.string(),
    userId: z.guid().nullable(),
    at: z.iso.datetime(),
  }),
  /** A deal reached its pipeline's won stage: the commission is owed, the agent and manager told, Zapier's trigger. */
  'deal.won': z.strictObject({
    dealId: z.guid(),
    assetId: z.guid(),
    leadId: z.guid().nullable(),
    customerId: z.guid(),
    agentId: z.guid(),
    title: z.string(),
    value: z.number(),
    commission: z.number(),
    currency: z.string(),
    userId: z.guid().nullable(),
    at: z.iso.datetime(),
  }),
  /** A deal reached its pipeline's lost stage, with the reason. */
  'deal.lost': z.strictObject({
    dealId: z.guid(),
    assetId: z.guid(),
    agentId: z.guid(),
    title: z.string(),
    lostReason: z.string(),
    userId: z.guid().nullable(),
    at: z.iso.datetime(),
  }),
  /** A done viewing's customer was asked for a review (by mail when they have an email): WhatsApp may ask too. */
  'viewing.feedback_requested': z.strictObject({
    viewingId: z.guid(),
    assetId: z.guid(),
    leadId: z.guid(),
    mailed: z.boolean(),
    expiresAt: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
  /** A customer reviewed a viewing through the mailed link: a low rating tells the agent's manager. */
  'viewing_review.submitted': z.strictObject({
    reviewId: z.guid(),
    viewingId: z.guid(),
    assetId: z.guid(),
    leadId: z.guid().nullable(),
    agentId: z.guid().nullable(),
    rating: z.number().int(),
    at: z.iso.datetime(),
  }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]>;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

/** How long a delivered event is kept (for System Logs and a look back) before the sweep prunes it. */
export const DOMAIN_EVENT_RETENTION_DAYS = 7;
