import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  inboundFromPartner,
  isMultiAccountProvider,
  isPartnerFeedProvider,
  isPortalLeadProvider,
  type InboundLead,
  PARTNER_WEBHOOK_HEADERS,
  PARTNER_WEBHOOK_TOLERANCE_SECONDS,
  PartnerLeadSchema,
  type IntegrationProviderName,
  type WebhookReceipt,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { SecretValues } from '../../core/secret-box.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { requireIntegration } from './integration-guard.js';
import { loggedWebhookCall, storeWebhookEvents, webhookBody } from './inbound-webhook.js';
import { openAccountSecrets } from './integration-accounts.js';
import { openSecrets } from './integration-record.js';
import { partnerLeadJob } from './partner-lead.job.js';
import { readPortalWebhook, type PortalWebhookEvent } from './portal-webhook.js';
import { providerModule } from './providers/provider-registry.js';

// POST /api/integrations/{provider}/webhook/{integrationId} for the partner-feed providers (docs/api.md 'Partner
// lead webhook') and the portals (docs/api.md 'Portal lead intake'): the signature is checked on the raw bytes in constant time (401 on any mismatch), the event is
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

/** The stored event and its lead, or the reason nothing was stored (the caller answers and logs it). */
function readEvent(
  provider: IntegrationProviderName,
  secrets: SecretValues,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  now: Date,
): PortalWebhookEvent {
  if (isPortalLeadProvider(provider)) return readPortalWebhook(provider, secrets, headers, rawBody);
  verify(secrets.sharedSecret, headers, rawBody, now);
  const event = webhookBody(rawBody, PartnerLeadSchema);
  return { eventId: event.id, lead: inboundFromPartner(provider, event), listing: null };
}

/**
 * The integration a webhook address names, and the secrets that sign its calls: a multi-account provider's address
 * names one of its accounts (whose secrets sign), any other provider's its integration.
 */
async function webhookTarget(deps: Pick<AppDeps, 'db' | 'env'>, provider: IntegrationProviderName, id: string) {
  if (isMultiAccountProvider(provider)) {
    const account = await deps.db.integrationAccount.findUnique({ where: { id }, include: { integration: true } });
    if (!account || account.provider !== provider) return null;
    return { row: account.integration, account, secrets: openAccountSecrets(deps, account) };
  }
  const row = await deps.db.integrationConfig.findUnique({ where: { id } });
  if (!row || row.name !== provider) return null;
  return { row, account: null, secrets: openSecrets(deps, row) };
}

/** Where an event is stored: the integration, and the account it came through (a multi-account provider). */
export interface EventTarget {
  id: string;
  assetId: string;
  name: string;
  accountId?: string | null;
}

/** Stores a verified lead once per (integration, event id) and queues its lead job; false for a redelivery. */
export async function storeInboundLead(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  row: EventTarget,
  eventId: string,
  lead: InboundLead,
): Promise<boolean> {
  const owner = { assetId: row.assetId, integrationId: row.id, accountId: row.accountId ?? null, provider: row.name };
  const fresh = await storeWebhookEvents(
    deps,
    owner,
    [{ externalEventId: eventId, payload: lead as Prisma.InputJsonObject }],
    partnerLeadJob,
  );
  return fresh > 0;
}

export async function receivePartnerLead(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock' | 'jobs' | 'log'>,
  provider: IntegrationProviderName,
  integrationId: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<WebhookReceipt> {
  const target =
    isPartnerFeedProvider(provider) || isPortalLeadProvider(provider) ? await webhookTarget(deps, provider, integrationId) : null;
  if (!target) throw AppError.notFound('Webhook not found');
  const { row, account } = target;
  return loggedWebhookCall(
    deps,
    { integration: row, operation: `POST webhook/${provider}`, rawBody },
    async () => {
      // The signature first: an unsigned caller learns nothing about the integration's state.
      const { eventId, lead, listing } = readEvent(provider, target.secrets, headers, rawBody, deps.clock.now());
      await requireIntegration(deps, row.assetId, provider);
      const eventTarget = { id: row.id, assetId: row.assetId, name: row.name, accountId: account?.id ?? null };
      // A listing event is the portal's own to apply (its declaration's `applyListingEvent`: Property Finder's).
      const applyListing = providerModule(provider).applyListingEvent;
      const fresh = lead
        ? await storeInboundLead(deps, eventTarget, eventId, lead)
        : listing && account && applyListing
          ? await applyListing(deps, account, eventId, listing)
          : true;
      return { received: true, duplicate: !fresh };
    },
    (receipt) => receipt.duplicate,
  );
}
