import { UnrecoverableError } from 'bullmq';
import {
  customerNameFromProfile,
  InboundMessageLeadPayloadSchema,
  LEAD_STATUS,
  MessagingCustomerInputSchema,
  phoneOfWhatsAppId,
  type WhatsAppEvent,
} from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import type { AppDeps } from '../../../../core/deps.js';
import { createRecord } from '../../../../resources/resource-write.service.js';
import { addMessage, conversationFor } from '../../../conversations/index.js';
import { customerResource } from '../../../customers/index.js';
import { upsertLead } from '../../../leads/index.js';
import { integrationActor } from '../../partner-lead.job.js';
import type { IntegrationRow } from '../../integration-record.js';
import { WHATSAPP_LABEL } from './whatsapp-client.js';

// An inbound WhatsApp message (docs/api.md 'WhatsApp'): the customer is found by their number (E.164) in the asset;
// the message lands in the WhatsApp conversation of their open lead (the one they last wrote on, else the newest).
// A number we do not know, or a customer with no open lead, makes a general lead through the leads' own upsert
// (inputSource whatsapp, sourceDataId the message's id), routed by the lead engine. Safe to run twice: the lead's
// key and the message's id hold across runs.

type MessageEvent = Extract<WhatsAppEvent, { kind: 'message' }>;

/** The customer's open lead whose WhatsApp conversation was last active, else their newest open lead. */
async function openLeadOf(deps: Pick<AppDeps, 'db'>, assetId: string, customerId: string) {
  const open = { status: LEAD_STATUS.OPEN, deletedAt: null };
  const talking = await deps.db.conversation.findFirst({
    where: { assetId, customerId, channel: 'whatsapp', lead: open },
    orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }],
    select: { leadId: true },
  });
  if (talking) return talking.leadId;
  const newest = await deps.db.lead.findFirst({
    where: { assetId, customerId, ...open },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  return newest?.id ?? null;
}

async function customerFor(deps: AppDeps, actor: Actor, assetId: string, event: MessageEvent): Promise<string> {
  const phone = phoneOfWhatsAppId(event.from);
  if (!phone) throw new UnrecoverableError(`WhatsApp id ${event.from.slice(-2).padStart(event.from.length, '*')} is no valid number.`);
  const found = await deps.db.customer.findFirst({
    where: { assetId, deletedAt: null, phoneNumber: phone.phoneNumber },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  if (found) return found.id;
  const created = await createRecord(
    { deps, actor },
    customerResource,
    { ...customerNameFromProfile(event.name), phoneCode: phone.phoneCode, phone: phone.phone, type: 'Client' },
    { schema: MessagingCustomerInputSchema },
  );
  return String(created._id);
}

async function newLead(deps: AppDeps, actor: Actor, customerId: string, event: MessageEvent): Promise<string> {
  const payload = InboundMessageLeadPayloadSchema.safeParse({
    customer: customerId,
    contactType: 'Buyer',
    action: 'Requires call from agent',
    type: 'general',
    source: WHATSAPP_LABEL,
    contactMethod: 'WhatsApp',
    ...(event.body ? { remarks: event.body.slice(0, 5000) } : {}),
    inputSource: 'whatsapp',
    sourceDataId: event.wamid,
  });
  // A body our lead rules refuse will not pass on a retry either.
  if (!payload.success)
    throw new UnrecoverableError(payload.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  const { lead } = await upsertLead(deps, actor, payload.data);
  return String(lead._id);
}

export async function receiveWhatsAppMessage(
  deps: AppDeps,
  integration: IntegrationRow,
  event: MessageEvent,
): Promise<{ leadId: string; conversationId: string; messageId: string; leadCreated: boolean }> {
  const assetId = integration.assetId;
  const asset = await deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { companyId: true } });
  const actor = integrationActor(integration, asset.companyId, WHATSAPP_LABEL);
  const customerId = await customerFor(deps, actor, assetId, event);
  // A redelivered message whose lead was made by an earlier run finds that lead by its key.
  const made = await deps.db.lead.findFirst({
    where: { assetId, inputSource: 'whatsapp', sourceDataId: event.wamid, deletedAt: null },
    select: { id: true },
  });
  let leadId = made?.id ?? (await openLeadOf(deps, assetId, customerId));
  const leadCreated = !leadId;
  leadId ??= await newLead(deps, actor, customerId, event);
  const lead = leadId;
  const stored = await deps.db.$transaction(async (tx) => {
    const conversation = await conversationFor(
      tx,
      { companyId: asset.companyId, assetId, leadId: lead, customerId, channel: 'whatsapp', externalId: event.from },
      null,
    );
    const { row } = await addMessage(tx, conversation, {
      direction: 'in',
      body: event.body,
      status: 'received',
      externalId: event.wamid,
      authorName: event.name,
      sentAt: new Date(event.at),
    });
    return { conversationId: conversation.id, messageId: row.id };
  });
  return { leadId: lead, leadCreated, ...stored };
}
