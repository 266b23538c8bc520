import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isPartnerFeedProvider,
  PARTNER_WEBHOOK_HEADERS,
  PARTNER_WEBHOOK_TOLERANCE_SECONDS,
  PartnerLeadSchema,
  type IntegrationProviderName,
  type WebhookReceipt,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/error-envelope.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { requireIntegration } from './integration-guard.js';
import { openSecrets } from './integration-record.js';
import { partnerLeadJob } from './partner-lead.job.js';

// POST /api/integrations/{provider}/webhook/{integrationId} for the partner-feed providers (docs/api.md 'Partner
// lead webhook'): the signature is checked on the raw bytes in constant time (401 on any mismatch), the event is
// stored once per (integration, partner id) and answered 200 at once, duplicates too; a job makes the lead.

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

export function partnerSignature(secret: string, timestamp: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

function verify(secret: string | undefined, headers: Record<string, string | string[] | undefined>, rawBody: Buffer, now: Date) {
  const timestamp = headers[PARTNER_WEBHOOK_HEADERS.timestamp];
  const signature = headers[PARTNER_WEBHOOK_HEADERS.signature];
  if (!secret || typeof timestamp !== 'string' || typeof signature !== 'string') throw AppError.unauthorized('Invalid webhook signature');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isFinite(seconds) || Math.abs(now.getTime() / 1000 - seconds) > PARTNER_WEBHOOK_TOLERANCE_SECONDS) {
    throw AppError.unauthorized('Webhook timestamp outside the allowed window');
  }
  const given = SIGNATURE.exec(signature.trim().toLowerCase())?.[1];
  const expected = partnerSignature(secret, timestamp, rawBody).slice('sha256='.length);
  if (!given || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex')))
    throw AppError.unauthorized('Invalid webhook signature');
}

export async function receivePartnerLead(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'jobs'>,
  provider: IntegrationProviderName,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (!row || row.name !== provider || !isPartnerFeedProvider(provider)) throw AppError.notFound('Webhook not found');
  // The signature first: an unsigned caller learns nothing about the integration's state.
  verify(openSecrets(deps, row).sharedSecret, headers, rawBody, deps.clock.now());
  await requireIntegration(deps, row.assetId, provider);
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw AppError.validation({ _: ['The body must be JSON.'] });
  }
  const parsed = PartnerLeadSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  const stored = await deps.db.webhookEvent.createManyAndReturn({
    data: [
      {
        assetId: row.assetId,
        integrationId: row.id,
        provider,
        externalEventId: parsed.data.id,
        payload: parsed.data as Prisma.InputJsonObject,
      },
    ],
    skipDuplicates: true,
  });
  const event = stored[0];
  if (!event) return { received: true, duplicate: true };
  await deps.jobs.enqueue(partnerLeadJob, { webhookEventId: event.id }, { jobId: `partner-lead-${event.id}` });
  return { received: true, duplicate: false };
}
