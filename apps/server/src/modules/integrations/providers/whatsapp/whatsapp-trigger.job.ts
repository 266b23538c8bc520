import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  CONVERSATION_MESSAGES as M,
  feedbackTemplateValues,
  fillTemplate,
  triggerTemplateValues,
  VIEWING_REVIEW_PAGE,
  VIEWING_STATUS,
  WHATSAPP_TRIGGER_EVENTS,
  WHATSAPP_TRIGGER_VALUES,
  WHATSAPP_TRIGGER_VALUES_OF,
  type WhatsAppTriggerEvent,
} from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { addMessage, conversationFor } from '../../../conversations/index.js';
import { signReviewLink } from '../../../reviews/index.js';
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
      return retriedOnlyIfCurable(error);
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
  return sendTriggerTemplate(deps, { account, assetId, lead, to, template, language, values, trigger: event });
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

interface TriggerSend {
  account: ReturnType<typeof accountOf>;
  assetId: string;
  lead: { id: string; companyId: string; customerId: string };
  to: string;
  template: { name: string; body: string | null };
  language: string;
  values: string[];
  trigger: WhatsAppTriggerEvent;
}

/** Sends a trigger's template and keeps it in the lead's WhatsApp conversation, marked with its trigger. */
async function sendTriggerTemplate(deps: AppDeps, send: TriggerSend) {
  const { account, assetId, lead, to, template, language, values } = send;
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
      trigger: send.trigger,
      sentAt: deps.clock.now(),
    });
    return stored;
  });
  return { messageId: message.id };
}

/** Only what a retry may cure is retried: no answer, 408, 429, 5xx (the 503 of a user-style call too). */
function retriedOnlyIfCurable(error: unknown): never {
  if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(error.message);
  if (error instanceof AppError && error.statusCode < 500) throw new UnrecoverableError(error.message);
  throw error;
}

/**
 * The feedback request on WhatsApp (viewing.feedback_requested, whatsapp.subscribers.ts): the template the
 * 'viewing.feedback' trigger names, with the review page's signed link, once per viewing (a feedback message sent
 * to the lead since the viewing began means it went), never to a customer who asked not to be disturbed.
 */
export const whatsAppFeedbackJob = defineJob({
  id: 'whatsapp-feedback',
  payload: z.strictObject({ assetId: z.uuid(), viewingId: z.uuid(), expiresAt: z.iso.datetime() }),
  concurrency: 2,
  ...providerJobPolicy('whatsapp'),
  handle: async (payload, { deps }) => {
    try {
      return await sendFeedbackRequest(deps, payload);
    } catch (error) {
      return retriedOnlyIfCurable(error);
    }
  },
});

export async function sendFeedbackRequest(deps: AppDeps, input: { assetId: string; viewingId: string; expiresAt: string }) {
  const { assetId, viewingId } = input;
  const row = await findIntegration(deps, assetId, 'whatsapp');
  if (!usable(row)) return { skipped: 'WhatsApp is not configured or is off' };
  const templateName = triggerTemplate(row, 'viewing.feedback');
  if (!templateName) return { skipped: 'no template for viewing.feedback' };
  const viewing = await deps.db.viewing.findFirst({
    where: { id: viewingId, assetId },
    select: { leadId: true, startsAt: true, status: true, review: { select: { id: true } }, agent: { select: { name: true } } },
  });
  if (!viewing || viewing.status !== VIEWING_STATUS.DONE) return { skipped: 'the viewing is not done' };
  if (viewing.review) return { skipped: 'already reviewed' };
  const account = accountOf(deps, row);
  const { lead, to } = await leadRecipient(deps.db, assetId, viewing.leadId);
  if (!to) throw new UnrecoverableError(M.customerHasNoPhone);
  const customer = await deps.db.customer.findUniqueOrThrow({
    where: { id: lead.customerId },
    select: { firstName: true, doNotDisturb: true },
  });
  if (customer.doNotDisturb) return { skipped: 'the customer asked not to be disturbed' };
  const sent = await deps.db.message.findFirst({
    where: { trigger: 'viewing.feedback', conversation: { leadId: lead.id }, sentAt: { gte: viewing.startsAt } },
    select: { id: true },
  });
  if (sent) return { skipped: 'already sent' };
  const language = account.config.language ?? DEFAULT_TEMPLATE_LANGUAGE;
  const template = await findApprovedTemplate(deps, account, templateName, language);
  if (!template) throw new UnrecoverableError(M.templateUnknown(templateName, language));
  const token = signReviewLink(deps.env, { viewingId, expiresAt: new Date(input.expiresAt) });
  const reviewUrl = new URL(VIEWING_REVIEW_PAGE.link(token, language.startsWith('ar') ? 'ar' : 'en'), deps.env.APP_URL).toString();
  const values = feedbackTemplateValues(template.parameterCount, {
    customerFirstName: customer.firstName,
    agentName: viewing.agent?.name ?? null,
    reviewUrl,
  });
  const fills = WHATSAPP_TRIGGER_VALUES_OF['viewing.feedback'];
  if (!values)
    throw new UnrecoverableError(
      `${M.templateParameterCount(template.name, template.parameterCount)} A trigger fills at most ${fills.length}: ${fills.join(', ')}.`,
    );
  return sendTriggerTemplate(deps, { account, assetId, lead, to, template, language, values, trigger: 'viewing.feedback' });
}

/** Asks the customer of a done viewing on WhatsApp too, when the asset's WhatsApp names a feedback template. */
export async function queueFeedbackTrigger(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  request: { assetId: string; viewingId: string; expiresAt: string; eventId: string },
): Promise<void> {
  const row = await findIntegration(deps, request.assetId, 'whatsapp');
  if (!usable(row) || !triggerTemplate(row, 'viewing.feedback')) return;
  await deps.jobs.enqueue(
    whatsAppFeedbackJob,
    { assetId: request.assetId, viewingId: request.viewingId, expiresAt: request.expiresAt },
    { jobId: `whatsapp-feedback-${request.viewingId}-event-${request.eventId}` },
  );
}
