import { leadContract, type DomainEventPayload } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { DomainEventInput } from '../../core/events/domain-event.types.js';

// The lead's domain events (docs/architecture.md 'Domain events'): recorded by the lead writer in the write's own
// transaction, delivered after the commit by the service that wrote (the sweep delivers what it could not). The other
// modules' answers (the WhatsApp trigger, the Do Not Call check, the product events, the review invitation) subscribe
// to them; the leads module never queues their jobs.

/** The record the events are about, as DomainEvent names it. */
export const LEAD_EVENT_SUBJECT = leadContract.name;

/** Who the product events name as the change's user: nobody for the system or an API key. */
export function eventUserOf(by: (Pick<Actor, 'userId'> & Partial<Pick<Actor, 'apiKeyId'>>) | null): string | null {
  return !by || by.apiKeyId ? null : by.userId;
}

interface LeadScope {
  leadId: string;
  companyId: string;
  assetId: string;
}

const subjectOf = (leadId: string) => ({ type: LEAD_EVENT_SUBJECT, id: leadId });

export function leadCreatedEvent(
  scope: LeadScope,
  payload: Omit<DomainEventPayload<'lead.created'>, 'leadId' | 'assetId'>,
): DomainEventInput {
  return {
    type: 'lead.created',
    companyId: scope.companyId,
    assetId: scope.assetId,
    subject: subjectOf(scope.leadId),
    payload: { leadId: scope.leadId, assetId: scope.assetId, ...payload },
  };
}

/** The lead as it was before a change, and what the change made of it. */
export interface LeadChangeFacts extends LeadScope {
  customerId: string;
  previous: { agentId: string | null; stage: string; status: string };
  owner?: { id: string; reason: DomainEventPayload<'lead.assigned'>['reason'] };
  stage?: { stage: string; status: string };
  accepted: boolean;
  userId: string | null;
  now: Date;
}

/** What one change of the lead writer (changeLead) records: a new owner, an acceptance, a new stage or status. */
export function leadChangeEvents(facts: LeadChangeFacts): DomainEventInput[] {
  const scope = { companyId: facts.companyId, assetId: facts.assetId, subject: subjectOf(facts.leadId) };
  const base = { leadId: facts.leadId, assetId: facts.assetId, userId: facts.userId };
  const events: DomainEventInput[] = [];
  if (facts.owner && facts.owner.id !== facts.previous.agentId)
    events.push({
      ...scope,
      type: 'lead.assigned',
      payload: { ...base, agentId: facts.owner.id, previousAgentId: facts.previous.agentId, reason: facts.owner.reason },
    });
  if (facts.accepted) events.push({ ...scope, type: 'lead.accepted', payload: { ...base, at: facts.now.toISOString() } });
  if (facts.stage && (facts.stage.stage !== facts.previous.stage || facts.stage.status !== facts.previous.status))
    events.push({
      ...scope,
      type: 'lead.stage_changed',
      payload: {
        ...base,
        customerId: facts.customerId,
        stage: facts.stage.stage,
        status: facts.stage.status,
        previousStage: facts.previous.stage,
        previousStatus: facts.previous.status,
        at: facts.now.toISOString(),
      },
    });
  return events;
}
