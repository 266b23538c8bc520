import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookReceipt } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { loggedWebhookCall, storeWebhookEvents, webhookBody } from '../../inbound-webhook.js';
import { openSecrets, type IntegrationRow } from '../../integration-record.js';
import { ConnectEventSchema, type ConnectEvent } from './connect-event.js';
import { docusignConnectJob } from './docusign-connect.job.js';

// DocuSign Connect (docs/api.md 'DocuSign'): DocuSign posts envelope events (JSON, SIM format) to the integration's
// webhook, `POST /api/integrations/docusign/webhook/{integrationId}`, signed `X-DocuSign-Signature-1` = base64
// HMAC-SHA256 of the raw body under the Connect HMAC key (the config's connectHmacKey; DocuSign may send up to
// -100 when several keys are active: any one matching is enough). Checked in constant time before anything is read;
// the event is stored once (envelope, event, time) and answered 200 at once, duplicates too; a job applies it.

export const connectSignature = (key: string, rawBody: Buffer | string) => createHmac('sha256', key).update(rawBody).digest('base64');

function verify(key: string | undefined, headers: Record<string, string | string[] | undefined>, rawBody: Buffer): void {
  if (!key) throw AppError.unauthorized('Invalid webhook signature');
  const expected = Buffer.from(connectSignature(key, rawBody), 'base64');
  const given = Object.entries(headers)
    .filter(([name]) => /^x-docusign-signature-\d{1,3}$/.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : value ? [value] : []))
    .map((value) => Buffer.from(value.trim(), 'base64'));
  if (!given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected)))
    throw AppError.unauthorized('Invalid webhook signature');
}

/** Stores the event once and queues its job; false for a redelivery. */
async function storeConnectEvent(deps: Pick<AppDeps, 'db' | 'jobs'>, row: IntegrationRow, event: ConnectEvent): Promise<boolean> {
  const owner = { assetId: row.assetId, integrationId: row.id, provider: row.name };
  const externalEventId = `${event.data.envelopeId}:${event.event}:${event.generatedDateTime}`;
  return (await storeWebhookEvents(deps, owner, [{ externalEventId, payload: event as Prisma.InputJsonObject }], docusignConnectJob)) > 0;
}

export async function receiveDocuSignConnect(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'docusign') throw AppError.notFound('Webhook not found');
  return loggedWebhookCall(
    deps,
    { integration: row, operation: 'POST webhook/docusign', rawBody },
    async () => {
      // The signature first: an unsigned caller learns nothing about the integration's state.
      verify(openSecrets(deps, row).connectHmacKey, headers, rawBody);
      const event = webhookBody(rawBody, ConnectEventSchema);
      await requireIntegration(deps, row.assetId, 'docusign');
      const fresh = await storeConnectEvent(deps, row, event);
      return { received: true, duplicate: !fresh };
    },
    (receipt) => receipt.duplicate,
  );
}
