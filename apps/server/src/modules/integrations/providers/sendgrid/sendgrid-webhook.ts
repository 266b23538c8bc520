import { EventWebhook } from '@sendgrid/eventwebhook';
import { SENDGRID_EMAIL_STATUS_EVENTS, SendGridEventsSchema, type SendGridEvent, type SendGridWebhookReceipt } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { validationError } from '../../../../core/error-envelope.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { recordIntegrationLog, redactRaw } from '../../integration-log.js';
import { storedConfig } from '../../integration-record.js';
import { sendGridEventJob } from './sendgrid-event.job.js';

// SendGrid's Event Webhook (docs/api.md 'SendGrid'): each POST is a JSON array of events, signed with ECDSA over
// `timestamp + raw body` (X-Twilio-Email-Event-Webhook-Signature / -Timestamp), checked with @sendgrid/eventwebhook
// against the verification key saved in the config. Bounces, drops, unsubscribes and spam reports are stored once
// per sg_event_id (WebhookEvent) and processed by a job; other events (delivered, open...) are acknowledged only.

export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

const verifier = new EventWebhook();

function verify(publicKey: unknown, headers: Record<string, string | string[] | undefined>, rawBody: Buffer) {
  const signature = headers[SENDGRID_SIGNATURE_HEADER];
  const timestamp = headers[SENDGRID_TIMESTAMP_HEADER];
  if (typeof publicKey !== 'string' || !publicKey || typeof signature !== 'string' || typeof timestamp !== 'string')
    throw AppError.unauthorized('Invalid webhook signature');
  let valid = false;
  try {
    valid = verifier.verifySignature(verifier.convertPublicKeyToECDSA(publicKey), rawBody, signature, timestamp);
  } catch {
    valid = false;
  }
  if (!valid) throw AppError.unauthorized('Invalid webhook signature');
}

function parseEvents(rawBody: Buffer): SendGridEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw AppError.validation({ _: ['The body must be JSON.'] });
  }
  const parsed = SendGridEventsSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export async function receiveSendGridEvents(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<SendGridWebhookReceipt> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'sendgrid') throw AppError.notFound('Webhook not found');
  const started = performance.now();
  const log = (status: number, outcome: 'ok' | 'duplicate' | 'rejected' | 'failed', error?: string) =>
    recordIntegrationLog(deps, {
      integration: row,
      direction: 'inbound',
      operation: 'POST webhook/sendgrid',
      status,
      outcome,
      durationMs: performance.now() - started,
      // An unsigned body is not kept: anyone may post one.
      requestBody: status === 401 ? null : redactRaw(rawBody),
      error: error ?? null,
    });
  try {
    // The signature first: an unsigned caller learns nothing about the integration's state.
    verify(storedConfig(row).webhookPublicKey, headers, rawBody);
    const events = parseEvents(rawBody);
    await requireIntegration(deps, row.assetId, 'sendgrid');
    const relevant = events.filter((event) => Object.hasOwn(SENDGRID_EMAIL_STATUS_EVENTS, event.event));
    const stored = relevant.length
      ? await deps.db.webhookEvent.createManyAndReturn({
          data: relevant.map((event) => ({
            assetId: row.assetId,
            integrationId: row.id,
            provider: 'sendgrid',
            externalEventId: event.sg_event_id,
            payload: event as Prisma.InputJsonObject,
          })),
          skipDuplicates: true,
          select: { id: true },
        })
      : [];
    await deps.jobs.enqueueMany(
      sendGridEventJob,
      stored.map((event) => ({ payload: { webhookEventId: event.id }, opts: { jobId: `sendgrid-event-${event.id}` } })),
    );
    const duplicates = relevant.length - stored.length;
    await log(200, stored.length || !relevant.length ? 'ok' : 'duplicate');
    return { received: stored.length, duplicates };
  } catch (error) {
    const status = error instanceof AppError ? error.statusCode : 500;
    await log(status, status === 401 ? 'rejected' : 'failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
}
