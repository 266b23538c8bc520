import { EventWebhook } from '@sendgrid/eventwebhook';
import { SENDGRID_EMAIL_STATUS_EVENTS, SendGridEventsSchema, type SendGridWebhookReceipt } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { loggedWebhookCall, storeWebhookEvents, webhookBody } from '../../inbound-webhook.js';
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

export async function receiveSendGridEvents(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<SendGridWebhookReceipt> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'sendgrid') throw AppError.notFound('Webhook not found');
  return loggedWebhookCall(
    deps,
    { integration: row, operation: 'POST webhook/sendgrid', rawBody },
    async () => {
      // The signature first: an unsigned caller learns nothing about the integration's state.
      verify(storedConfig(row).webhookPublicKey, headers, rawBody);
      const events = webhookBody(rawBody, SendGridEventsSchema);
      await requireIntegration(deps, row.assetId, 'sendgrid');
      const relevant = events.filter((event) => Object.hasOwn(SENDGRID_EMAIL_STATUS_EVENTS, event.event));
      const owner = { assetId: row.assetId, integrationId: row.id, provider: 'sendgrid' };
      const stored = await storeWebhookEvents(
        deps,
        owner,
        relevant.map((event) => ({ externalEventId: event.sg_event_id, payload: event as Prisma.InputJsonObject })),
        sendGridEventJob,
      );
      return { received: stored, duplicates: relevant.length - stored };
    },
    // A call of events SendGrid had sent before, every one of them.
    (receipt) => receipt.received === 0 && receipt.duplicates > 0,
  );
}
