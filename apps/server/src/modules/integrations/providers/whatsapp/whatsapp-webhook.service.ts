import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CONVERSATION_MESSAGES as M,
  WHATSAPP_SIGNATURE_HEADER,
  whatsAppEventKey,
  whatsAppEventsOf,
  WhatsAppWebhookSchema,
  type WebhookReceipt,
} from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { validationError } from '../../../../core/error-envelope.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { recordIntegrationLog, redactRaw } from '../../integration-log.js';
import { openSecrets, storedConfig, type IntegrationRow } from '../../integration-record.js';
import { whatsAppEventJob } from './whatsapp-event.job.js';

// WhatsApp's webhook (docs/api.md 'WhatsApp'): Meta's subscription handshake (GET, hub.challenge against our verify
// token) and its notifications (POST, `X-Hub-Signature-256` = sha256 HMAC of the raw body with the app secret,
// checked in constant time: 401 and nothing stored otherwise). Each message and status change is stored once as a
// WebhookEvent (a redelivery is acknowledged and ignored) and processed by the whatsapp-event job.

export const whatsAppSignature = (appSecret: string, rawBody: Buffer | string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function verifySignature(appSecret: string | undefined, header: unknown, rawBody: Buffer) {
  if (!appSecret || typeof header !== 'string') throw AppError.unauthorized(M.webhookSignature);
  const given = header.trim().toLowerCase();
  if (!/^sha256=[0-9a-f]{64}$/.test(given) || !sameText(given, whatsAppSignature(appSecret, rawBody)))
    throw AppError.unauthorized(M.webhookSignature);
}

async function whatsAppRow(deps: Pick<AppDeps, 'db'>, integrationId: string): Promise<IntegrationRow> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'whatsapp') throw AppError.notFound('Webhook not found');
  return row;
}

export interface WhatsAppHandshake {
  'hub.mode'?: string | undefined;
  'hub.verify_token'?: string | undefined;
  'hub.challenge'?: string | undefined;
}

/** GET: Meta subscribes the webhook; the challenge is echoed when the verify token is ours, else 403. */
export async function answerWhatsAppHandshake(
  deps: Pick<AppDeps, 'db' | 'env' | 'log'>,
  integrationId: string,
  query: WhatsAppHandshake,
): Promise<string> {
  const row = await whatsAppRow(deps, integrationId);
  const verifyToken = openSecrets(deps, row).verifyToken;
  const given = query['hub.verify_token'] ?? '';
  const ok = query['hub.mode'] === 'subscribe' && Boolean(verifyToken) && sameText(given, verifyToken ?? '') && query['hub.challenge'];
  await recordIntegrationLog(deps, {
    integration: row,
    direction: 'inbound',
    operation: 'GET webhook/whatsapp (subscription)',
    status: ok ? 200 : 403,
    outcome: ok ? 'ok' : 'rejected',
  });
  if (!ok) throw AppError.forbidden(M.webhookForbidden);
  return query['hub.challenge'] ?? '';
}

/** POST: a signed notification; answered at once, its events processed by a job each. */
export async function receiveWhatsAppWebhook(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const row = await whatsAppRow(deps, integrationId);
  const started = performance.now();
  const operation = 'POST webhook/whatsapp';
  try {
    // The signature first: an unsigned caller learns nothing about the integration's state.
    verifySignature(openSecrets(deps, row).appSecret, headers[WHATSAPP_SIGNATURE_HEADER], rawBody);
    await requireIntegration(deps, row.assetId, 'whatsapp');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw AppError.validation({ _: ['The body must be JSON.'] });
    }
    const notification = WhatsAppWebhookSchema.safeParse(json);
    if (!notification.success) throw validationError(notification.error);
    // Only this account's number: an app may serve several numbers, each an integration of its own.
    const phoneNumberId = storedConfig(row).phoneNumberId;
    const events = whatsAppEventsOf(notification.data).filter((event) => event.phoneNumberId === phoneNumberId);
    const stored = events.length
      ? await deps.db.webhookEvent.createManyAndReturn({
          data: events.map((event) => ({
            assetId: row.assetId,
            integrationId: row.id,
            provider: 'whatsapp',
            externalEventId: whatsAppEventKey(event),
            payload: event as Prisma.InputJsonObject,
          })),
          skipDuplicates: true,
        })
      : [];
    if (stored.length) {
      try {
        await deps.jobs.enqueueMany(
          whatsAppEventJob,
          stored.map((event) => ({ payload: { webhookEventId: event.id }, opts: { jobId: `whatsapp-event-${event.id}` } })),
        );
      } catch (error) {
        // Not queued (Redis down): forget them, so Meta's redelivery of this call stores and queues them again.
        await deps.db.webhookEvent.deleteMany({ where: { id: { in: stored.map((event) => event.id) } } });
        throw error;
      }
    }
    const duplicate = events.length > 0 && stored.length === 0;
    await recordIntegrationLog(deps, {
      integration: row,
      direction: 'inbound',
      operation,
      status: 200,
      outcome: duplicate ? 'duplicate' : 'ok',
      durationMs: performance.now() - started,
      requestBody: redactRaw(rawBody),
    });
    return { received: true, duplicate };
  } catch (error) {
    const status = error instanceof AppError ? error.statusCode : 500;
    await recordIntegrationLog(deps, {
      integration: row,
      direction: 'inbound',
      operation,
      status,
      outcome: status === 401 ? 'rejected' : 'failed',
      durationMs: performance.now() - started,
      // An unsigned body is not kept: anyone may post one.
      requestBody: status === 401 ? null : redactRaw(rawBody),
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
