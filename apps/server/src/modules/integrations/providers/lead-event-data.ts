import type { LeadEventData, ProductEventType } from '@crm/domain';
import { productEventConsumers, recordProductEvents, type ProductEventDeps, type ProductEventInput } from './product-events.js';

// The leads' product events (product-events.ts), read after the change committed: the lead as it now is, its agent and
// customer. Called by the subscribers of lead.created, lead.accepted and lead.stage_changed (product-event.subscribers.ts).

export interface LeadEventChange {
  leadId: string;
  /** Who changed it (null: the system or an API key). */
  userId: string | null;
  /** What makes this change one event: e.g. the stage change's time. */
  version: string;
  previousStage?: string | null;
}

const SELECT = {
  id: true,
  leadID: true,
  stage: true,
  status: true,
  leadType: true,
  source: true,
  inputSource: true,
  trackingLink: true,
  createdAt: true,
  agent: { select: { id: true, name: true } },
  customer: { select: { id: true, fullName: true, email: true, phoneNumber: true } },
} as const;

export async function recordLeadEvents(
  deps: ProductEventDeps,
  assetId: string,
  type: Extract<ProductEventType, `lead.${string}`>,
  changes: readonly LeadEventChange[],
): Promise<void> {
  if (!changes.length) return;
  try {
    const consumers = await productEventConsumers(deps, assetId, [type]);
    if (!consumers) return;
    const leads = await deps.db.lead.findMany({ where: { id: { in: changes.map((c) => c.leadId) }, assetId }, select: SELECT });
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    const now = deps.clock.now();
    const events: ProductEventInput[] = changes.flatMap((change) => {
      const lead = byId.get(change.leadId);
      if (!lead) return [];
      const data: LeadEventData = {
        id: lead.id,
        leadID: lead.leadID ?? null,
        stage: lead.stage,
        status: lead.status,
        previousStage: change.previousStage ?? null,
        leadType: lead.leadType ?? null,
        source: lead.source ?? null,
        inputSource: lead.inputSource ?? null,
        trackingLink: lead.trackingLink ?? null,
        agent: lead.agent ? { id: lead.agent.id, name: lead.agent.name } : null,
        customer: lead.customer
          ? { id: lead.customer.id, fullName: lead.customer.fullName, email: lead.customer.email, phoneNumber: lead.customer.phoneNumber }
          : null,
        createdAt: lead.createdAt.toISOString(),
      };
      return [
        {
          type,
          key: `${type}:${lead.id}:${change.version}`,
          subjectId: lead.id,
          userId: change.userId,
          occurredAt: now,
          properties: {
            lead_id: lead.leadID ?? lead.id,
            stage: lead.stage,
            status: lead.status,
            previous_stage: change.previousStage ?? null,
            lead_type: lead.leadType ?? null,
            source: lead.source ?? null,
            input_source: lead.inputSource ?? null,
          },
          data,
        },
      ];
    });
    await recordProductEvents(deps, assetId, events, consumers);
  } catch (error) {
    deps.log.warn({ err: error, assetId, type }, 'could not read the leads of product events');
  }
}
