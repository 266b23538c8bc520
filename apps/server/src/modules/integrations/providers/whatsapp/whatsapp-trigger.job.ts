import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  CONVERSATION_MESSAGES as M,
  fillTemplate,
  triggerTemplateValues,
  WHATSAPP_TRIGGER_EVENTS,
  WHATSAPP_TRIGGER_VALUES,
  type WhatsAppTriggerEvent,
} from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { addMessage, conversationFor } from '../../../conversations/index.js';
import { findIntegration, statusOf, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { ProviderCallError } from '../../provider-call.js';
import { accountOf, DEFAULT_TEMPLATE_LANGUAGE, findApprovedTemplate, sendForJob } from './whatsapp-client.js';
import { leadRecipient } from './whatsapp-send.service.js';

// WhatsApp triggers (docs/api.md 'WhatsApp'): an event of the lead write path sends the template the integration's
// config names for it (`triggers`, e.g. lead.created -> the acknowledgement). Queued by the lead.created subscriber
// (whatsapp.subscribers.ts), one job per lead and event (job id `whatsapp-trigger-<event>-<lead>-event-<event id>`), sent once: a lead
// whose conversation already holds that trigger's message is left alone. Meta's 408/429/5xx and no answer retry;
// a refusal, an unknown template or a customer without a valid number end the job with the reason.

const usable = (row: IntegrationRow | null): row is IntegrationRow => Boolean(row?.enabled) && statusOf(row) !== 'not_configured';

/** The template the integration sends on `event`, when it is on and names one. */
function triggerTemplate(row: IntegrationRow, event: WhatsAppTriggerEvent): string | null {
  const triggers = storedConfig(row).triggers;
  if (!triggers || typeof triggers !== 'object' || Array.isArray(triggers)) return null;
  return triggers[event] ?? null;
}

export const whatsAppTriggerJob = defineJob({
  id: 'whatsapp-trigger',
  payload: z.strictObject({ assetId: z.uuid(), leadId: z.uuid(), event: z.enum(WHATSAPP_TRIGGER_EVENTS) }),
  concurrency: 4,
  ...providerJobPolicy('whatsapp'),
  handle: async ({ assetId, leadId, event }, { deps }) => {
    try {
      return await sendTrigger(deps, assetId, leadId, event);
    } catch (error) {
      // Only what a retry may cure is retried: no answer, 408, 429, 5xx (the 503 of a user-style call too).
      if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(error.message);
      if (error instanceof AppError && error.statusCode < 500) throw new UnrecoverableError(error.message);
      throw error;
    }
  },
});

export async function sendTrigger(deps: AppDeps, assetId: string, leadId: string, event: WhatsAppTriggerEvent) {
  const row = await findIntegration(deps, assetId, 'whatsapp');
  if (!usable(row)) return { skipped: 'WhatsApp is not configured or is off' };
  const templateName = triggerTemplate(row, event);
  if (!templateName) return { skipped: `no template for ${event}` };
  const account = accountOf(deps, row);
  const { lead, to } = await leadRecipient(deps.db, assetId, leadId);
  if (!to) throw new UnrecoverableError(M.customerHasNoPhone);
  const details = await deps.db.lead.findUniqueOrThrow({
    where: { id: lead.id },
    select: { leadID: true, customer: { select: { firstName: true, doNotDisturb: true } }, agent: { select: { name: true } } },
  });
  if (details.customer.doNotDisturb) return { skipped: 'the customer asked not to be disturbed' };
  const sent = await deps.db.message.findFirst({ where: { trigger: event, conversation: { leadId: lead.id } }, select: { id: true } });
  if (sent) return { skipped: 'already sent' };
  const language = account.config.language ?? DEFAULT_TEMPLATE_LANGUAGE;
  const template = await findApprovedTemplate(deps, account, templateName, language);
  if (!template) throw new UnrecoverableError(M.templateUnknown(templateName, language));
  const values = triggerTemplateValues(template.parameterCount, {
    customerFirstName: details.customer.firstName,
    agentName: details.agent?.name ?? null,
    leadID: details.leadID,
  });
  if (!values)
    throw new UnrecoverableError(
      `${M.templateParameterCount(template.name, template.parameterCount)} A trigger fills at most ${WHATSAPP_TRIGGER_VALUES.length}: ${WHATSAPP_TRIGGER_VALUES.join(', ')}.`,
    );
  const wamid = await sendForJob(deps, account, to, { kind: 'template', name: template.name, language, parameters: values });
  const message = await deps.db.$transaction(async (tx) => {
    const conversation = await conversationFor(
      tx,
      { companyId: lead.companyId, assetId, leadId: lead.id, customerId: lead.customerId, channel: 'whatsapp', externalId: to },
      null,
    );
    const { row: stored } = await addMessage(tx, conversation, {
      direction: 'out',
      body: fillTemplate(template.body, values),
      templateName: template.name,
      status: 'sent',
      externalId: wamid,
      authorName: 'System',
      trigger: event,
      sentAt: deps.clock.now(),
    });
    return stored;
  });
  return { messageId: message.id };
}

/**
 * The answer to new leads (lead.created, whatsapp.subscribers.ts): one trigger job per lead, under an id
 * made of its event's, when the asset's WhatsApp sends one. A throw leaves the events to the outbox's sweep.
 */
export async function queueLeadCreatedTriggers(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  assetId: string,
  leads: readonly { leadId: string; eventId: string }[],
): Promise<void> {
  if (!leads.length) return;
  const row = await findIntegration(deps, assetId, 'whatsapp');
  if (!usable(row) || !triggerTemplate(row, 'lead.created')) return;
  await deps.jobs.enqueueMany(
    whatsAppTriggerJob,
    leads.map(({ leadId, eventId }) => ({
      payload: { assetId, leadId, event: 'lead.created' as const },
      opts: { jobId: `whatsapp-trigger-lead-created-${leadId}-event-${eventId}` },
    })),
  );
}
