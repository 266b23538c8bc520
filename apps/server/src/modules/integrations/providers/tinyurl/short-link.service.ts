import {
  CompanyProfileRecordSchema,
  LINKS,
  leadContract,
  listingContract,
  MESSAGES,
  PERMISSIONS,
  SHORT_LINK_MESSAGES,
  type ShortLink,
} from '@crm/domain';
import type { Actor } from '../../../../core/actor.js';
import { AppError } from '../../../../core/app-error.js';
import { actorCan, assetOfActor } from '../../../../core/authorization.js';
import type { AppDeps } from '../../../../core/deps.js';
import { withUnitOfWork } from '../../../../resources/unit-of-work.js';
import { changeLead } from '../../../leads/index.js';
import { requiredIntegration } from '../../active-integration.js';
import { createShortUrl } from './tinyurl-client.js';

// Short links (TinyURL, docs/api.md 'TinyURL'): a listing's address, kept on the listing (shortUrl) and shown on its
// page; a lead's tracking link, kept on the lead (trackingShortUrl). Each call makes a new link and replaces the
// stored one; the provider is asked before anything is written, so a failure stores nothing.

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing's public address: on the asset's website when Basic Settings has one, else its page here. */
function listingLongUrl(deps: Pick<AppDeps, 'env'>, settings: unknown, listing: { id: string; reference: string }): string {
  const basic = CompanyProfileRecordSchema.partial().safeParse((settings as { basic?: unknown } | null)?.basic ?? {});
  const website = basic.success ? basic.data.website : null;
  if (website) return `${website.replace(/\/+$/, '')}/listings/${encodeURIComponent(listing.reference)}`;
  return new URL(LINKS.listing(listing.id), deps.env.APP_URL).toString();
}

export async function shortenListing(deps: Deps, actor: Actor, listingId: string): Promise<ShortLink> {
  if (!actorCan(actor, listingContract.permissions.update ?? [])) throw AppError.forbidden();
  const assetId = assetOfActor(actor);
  const notFound = MESSAGES.record.notFound(listingContract.label.one);
  if (!UUID.test(listingId)) throw AppError.notFound(notFound);
  const listing = await deps.db.listing.findFirst({
    where: { id: listingId, assetId, deletedAt: null },
    select: { id: true, reference: true, shortUrl: true },
  });
  if (!listing) throw AppError.notFound(notFound);
  const asset = await deps.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { settings: true } });
  const integration = await requiredIntegration(deps, assetId, 'tinyurl');
  const longUrl = listingLongUrl(deps, asset.settings, listing);
  const shortUrl = await createShortUrl(deps, integration, longUrl);
  await withUnitOfWork(deps, actor, async (uow) => {
    await uow.tx.listing.update({ where: { id: listing.id }, data: { shortUrl, updatedById: actor.apiKeyId ? null : actor.userId } });
    uow.activity({
      assetId,
      action: 'update',
      subjectType: listingContract.name,
      subjectId: listing.id,
      before: { shortUrl: listing.shortUrl },
      after: { shortUrl },
    });
  });
  return { shortUrl, longUrl };
}

export async function shortenLeadTrackingLink(deps: Deps, actor: Actor, leadId: string): Promise<ShortLink> {
  if (!actorCan(actor, leadContract.permissions.read) || !actorCan(actor, [PERMISSIONS.LEAD_UPDATE])) throw AppError.forbidden();
  const assetId = assetOfActor(actor);
  if (!UUID.test(leadId)) throw AppError.notFound(MESSAGES.lead.notFound);
  const lead = await deps.db.lead.findFirst({ where: { id: leadId, assetId, deletedAt: null }, select: { id: true, trackingLink: true } });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  if (!lead.trackingLink)
    throw AppError.validation({ trackingLink: [SHORT_LINK_MESSAGES.noTrackingLink] }, SHORT_LINK_MESSAGES.noTrackingLink);
  const integration = await requiredIntegration(deps, assetId, 'tinyurl');
  const shortUrl = await createShortUrl(deps, integration, lead.trackingLink);
  const now = deps.clock.now();
  await withUnitOfWork(deps, actor, async (uow) => {
    await uow.lock('Lead', lead.id);
    await changeLead(uow.tx, lead.id, {
      event: { kind: 'updated' },
      columns: { trackingShortUrl: shortUrl },
      by: actor.apiKeyId ? null : actor,
      now,
    });
  });
  return { shortUrl, longUrl: lead.trackingLink };
}
