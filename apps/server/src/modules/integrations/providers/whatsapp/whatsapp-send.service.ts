import {
  CONVERSATION_MESSAGES as M,
  fillTemplate,
  FREE_TEXT_WINDOW_CLOSED,
  mayReplyFreely,
  MESSAGES,
  WHATSAPP_FREE_TEXT_WINDOW_HOURS,
  whatsAppFreeTextUntil,
  whatsAppIdOf,
  isApprovedTemplate,
  type WhatsAppSendInput,
  type WhatsAppSendResult,
  type WhatsAppTemplate,
} from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import type { DbTx } from '../../../../db/prisma.js';
import { addMessage, conversationFor, toMessage } from '../../../conversations/index.js';
import { assertLeadId } from '../../../leads/index.js';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  findApprovedTemplate,
  listTemplates,
  sendForUser,
  whatsAppAccount,
  type WhatsAppContent,
} from './whatsapp-client.js';

// POST properties/leads/{id}/conversations/whatsapp/messages (docs/api.md 'WhatsApp'): an agent writes to the lead's
// customer through `POST /{phone-number-id}/messages`. A template may go any time; free text only within 24 hours of
// the customer's last inbound message (else 409 saying so). The message is stored once Meta accepted it; a refusal
// is answered with Meta's reason and stores nothing.

type SendDeps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock'>;

/** The lead of the asset with its customer's WhatsApp id (or the reason it has none). */
export async function leadRecipient(db: DbTx, assetId: string, leadId: string) {
  assertLeadId(leadId);
  const lead = await db.lead.findFirst({
    where: { id: leadId, assetId, deletedAt: null },
    select: { id: true, companyId: true, customerId: true, customer: { select: { phoneNumber: true } } },
  });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  return { lead, to: whatsAppIdOf(lead.customer.phoneNumber) };
}

export async function sendLeadWhatsApp(
  deps: SendDeps,
  actor: Actor,
  assetId: string,
  leadId: string,
  input: WhatsAppSendInput,
): Promise<WhatsAppSendResult> {
  const { lead, to } = await leadRecipient(deps.db, assetId, leadId);
  const account = await whatsAppAccount(deps, assetId);
  if (!to) throw AppError.conflict(M.customerHasNoPhone, { provider: 'whatsapp', reason: 'NO_PHONE' });
  const key = { leadId_channel_externalId: { leadId: lead.id, channel: 'whatsapp', externalId: to } };
  const existing = await deps.db.conversation.findUnique({ where: key, select: { lastInboundAt: true } });
  let content: WhatsAppContent;
  let body: string | null;
  if (input.template) {
    const language = input.template.language ?? account.config.language ?? DEFAULT_TEMPLATE_LANGUAGE;
    const template = await findApprovedTemplate(deps, account, input.template.name, language);
    if (!template) throw AppError.validation({ 'template.name': [M.templateUnknown(input.template.name, language)] });
    if (template.parameterCount !== input.template.parameters.length)
      throw AppError.validation({ 'template.parameters': [M.templateParameterCount(template.name, template.parameterCount)] });
    content = { kind: 'template', name: template.name, language, parameters: input.template.parameters };
    body = fillTemplate(template.body, input.template.parameters);
  } else {
    const text = input.text ?? '';
    if (!mayReplyFreely(existing?.lastInboundAt, deps.clock.now()))
      throw AppError.conflict(M.freeTextWindowClosed(WHATSAPP_FREE_TEXT_WINDOW_HOURS), {
        provider: 'whatsapp',
        reason: FREE_TEXT_WINDOW_CLOSED,
        freeTextUntil: whatsAppFreeTextUntil(existing?.lastInboundAt)?.toISOString() ?? null,
      });
    content = { kind: 'text', text };
    body = text;
  }
  const sent = await sendForUser(deps, account, to, content);
  if (!sent.ok) throw AppError.conflict(M.whatsappRefused(sent.reason), { provider: 'whatsapp', reason: 'PROVIDER_REFUSED' });
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    const conversation = await conversationFor(
      tx,
      { companyId: lead.companyId, assetId, leadId: lead.id, customerId: lead.customerId, channel: 'whatsapp', externalId: to },
      actor.userId,
    );
    const { row } = await addMessage(tx, conversation, {
      direction: 'out',
      body,
      templateName: content.kind === 'template' ? content.name : null,
      status: 'sent',
      externalId: sent.wamid,
      authorName: actor.fullName,
      sentById: actor.apiKeyId ? null : actor.userId,
      sentAt: now,
    });
    return { conversation: conversation.id, message: toMessage(row) };
  });
}

/** GET {id}/conversations/whatsapp/templates: the approved templates an agent may send the lead's customer. */
export async function leadWhatsAppTemplates(deps: SendDeps, assetId: string, leadId: string): Promise<WhatsAppTemplate[]> {
  await leadRecipient(deps.db, assetId, leadId);
  const templates = await listTemplates(deps, await whatsAppAccount(deps, assetId));
  return templates.filter(isApprovedTemplate);
}
