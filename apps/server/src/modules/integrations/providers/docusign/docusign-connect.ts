import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookReceipt } from '@crm/domain';
import { AppError } from '../../../../core/app-error.js';
import type { AppDeps } from '../../../../core/deps.js';
import { validationError } from '../../../../core/error-envelope.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { requireIntegration } from '../../integration-guard.js';
import { recordIntegrationLog, redactRaw } from '../../integration-log.js';
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

function readEvent(rawBody: Buffer): ConnectEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw AppError.validation({ _: ['The body must be JSON.'] });
  }
  const parsed = ConnectEventSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Stores the event once and queues its job; false for a redelivery. */
async function storeConnectEvent(deps: Pick<AppDeps, 'db' | 'jobs'>, row: IntegrationRow, event: ConnectEvent): Promise<boolean> {
  const [stored] = await deps.db.webhookEvent.createManyAndReturn({
    data: [
      {
        assetId: row.assetId,
        integrationId: row.id,
        provider: row.name,
        externalEventId: `${event.data.envelopeId}:${event.event}:${event.generatedDateTime}`,
        payload: event as Prisma.InputJsonObject,
      },
    ],
    skipDuplicates: true,
  });
  if (!stored) return false;
  await deps.jobs.enqueue(docusignConnectJob, { webhookEventId: stored.id }, { jobId: `docusign-connect-${stored.id}` });
  return true;
}

export async function receiveDocuSignConnect(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log'>,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'docusign') throw AppError.notFound('Webhook not found');
  const started = performance.now();
  const operation = 'POST webhook/docusign';
  try {
    // The signature first: an unsigned caller learns nothing about the integration's state.
    verify(openSecrets(deps, row).connectHmacKey, headers, rawBody);
    const event = readEvent(rawBody);
    await requireIntegration(deps, row.assetId, 'docusign');
    const fresh = await storeConnectEvent(deps, row, event);
    await recordIntegrationLog(deps, {
      integration: row,
      direction: 'inbound',
      operation,
      status: 200,
      outcome: fresh ? 'ok' : 'duplicate',
      durationMs: performance.now() - started,
      requestBody: redactRaw(rawBody),
    });
    return { received: true, duplicate: !fresh };
  } catch (error) {
    const status = error instanceof AppError ? error.statusCode : 500;
    await recordIntegrationLog(deps, {
      integration: row,
      direction: 'inbound',
      operation,
      status,
      outcome: status === 401 ? 'rejected' : 'failed',
      durationMs: performance.now() - started,
      requestBody: status === 401 ? null : redactRaw(rawBody),
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
