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
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { recordIntegrationLog } from '../../integration-log.js';
import { loggedWebhookCall, storeWebhookEvents, webhookBody } from '../../inbound-webhook.js';
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
  return loggedWebhookCall(
    deps,
    { integration: row, operation: 'POST webhook/whatsapp', rawBody },
    async () => {
      // The signature first: an unsigned caller learns nothing about the integration's state.
      verifySignature(openSecrets(deps, row).appSecret, headers[WHATSAPP_SIGNATURE_HEADER], rawBody);
      await requireIntegration(deps, row.assetId, 'whatsapp');
      const notification = webhookBody(rawBody, WhatsAppWebhookSchema);
      // Only this account's number: an app may serve several numbers, each an integration of its own.
      const phoneNumberId = storedConfig(row).phoneNumberId;
      const events = whatsAppEventsOf(notification).filter((event) => event.phoneNumberId === phoneNumberId);
      const owner = { assetId: row.assetId, integrationId: row.id, provider: 'whatsapp' };
      const stored = await storeWebhookEvents(
        deps,
        owner,
        events.map((event) => ({ externalEventId: whatsAppEventKey(event), payload: event as Prisma.InputJsonObject })),
        whatsAppEventJob,
      );
      return { received: true, duplicate: events.length > 0 && stored === 0 };
    },
    (receipt) => receipt.duplicate,
  );
}
