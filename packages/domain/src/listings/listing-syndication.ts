import { z } from 'zod';

// Where a listing is advertised and whether a portal may carry it: the Trakheesi permit check's statuses, the
// portals fed by a signed XML feed, and the one rule the feeds, the publish check and the detail screen share.

/** The last Trakheesi answer stored on a listing or project ('unchecked' until the first check). */
export const PERMIT_STATUSES = ['unchecked', 'valid', 'invalid', 'expired'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
export const PERMIT_STATUS_LABELS: Record<PermitStatus, string> = {
  unchecked: 'Not checked',
  valid: 'Valid',
  invalid: 'Invalid',
  expired: 'Expired',
};

/** Portals regulated by Dubai's Land Department: a listing goes to them only with a valid, unexpired permit. */
export const DUBAI_PORTALS = ['Property Finder', 'Bayut', 'Dubizzle'] as const;

/** The integrations whose portal reads our signed XML feed, and the portal (listing.portals) each one feeds. */
export const FEED_PORTALS = { bayut: 'Bayut', dubizzle: 'Dubizzle' } as const;
export type FeedPortalProvider = keyof typeof FEED_PORTALS;

/** The Do Not Call Registry's answer for a number: 'listed' must not be called for marketing. */
export const DNCR_STATUSES = ['listed', 'clear'] as const;
export type DncrStatus = (typeof DNCR_STATUSES)[number];
export const DNCR_STATUS_LABELS: Record<DncrStatus, string> = { listed: 'On the Do Not Call list', clear: 'Not listed' };

export interface PermitFacts {
  permitStatus?: string | null;
  permitExpiresAt?: string | Date | null;
}

/** A permit a Dubai portal accepts: checked valid and not past its expiry. */
export function permitIsLive(listing: PermitFacts, now: Date): boolean {
  if (listing.permitStatus !== 'valid' || !listing.permitExpiresAt) return false;
  return new Date(listing.permitExpiresAt).getTime() > now.getTime();
}

export interface PortalFacts extends PermitFacts {
  status?: string | null;
  enabled?: boolean | null;
  portals?: readonly string[] | null;
}

export const FEED_STATES = ['in-feed', 'not-published', 'permit-needed'] as const;
export type FeedState = (typeof FEED_STATES)[number];
export const FEED_STATE_LABELS: Record<FeedState, string> = {
  'in-feed': 'In the feed',
  'not-published': 'Not published',
  'permit-needed': 'Held back: needs a valid permit',
};

/** Whether the portal's feed carries the listing, and if not, why. */
export function feedStateOf(listing: PortalFacts, portal: string, now: Date): FeedState {
  if (listing.status !== 'Published' || listing.enabled === false || !listing.portals?.includes(portal)) return 'not-published';
  if ((DUBAI_PORTALS as readonly string[]).includes(portal) && !permitIsLive(listing, now)) return 'permit-needed';
  return 'in-feed';
}

/** The Dubai portals a published listing names while its permit is not live (empty when it may be published). */
export function portalsNeedingPermit(listing: PortalFacts, now: Date): string[] {
  if (listing.status !== 'Published') return [];
  const dubai: readonly string[] = DUBAI_PORTALS;
  return (listing.portals ?? []).filter((portal) => dubai.includes(portal) && !permitIsLive(listing, now));
}

/** Where a portal that reports back (Property Finder's listing webhooks) has the listing. */
export const PORTAL_LISTING_STATES = ['published', 'unpublished'] as const;
export type PortalListingState = (typeof PORTAL_LISTING_STATES)[number];
export const PORTAL_LISTING_STATE_LABELS: Record<PortalListingState, string> = { published: 'Live', unpublished: 'Not live' };
/** `listing.portalStatus`: per portal (its label in LISTING_PORTALS), the last state it reported and when. */
export const PortalStatusSchema = z.record(
  z.string(),
  z.strictObject({ state: z.enum(PORTAL_LISTING_STATES), at: z.iso.datetime({ offset: true }) }),
);
export type PortalStatus = z.infer<typeof PortalStatusSchema>;

/** The portal a pushed listing goes to through the Property Finder integration. */
export const PROPERTY_FINDER_PORTAL = 'Property Finder';

/** Whether a portal may show the listing now: the same rule as the feeds' (published, named, live permit). */
export const listingQualifiesFor = (listing: PortalFacts & { deletedAt?: Date | string | null }, portal: string, now: Date) =>
  !listing.deletedAt && feedStateOf(listing, portal, now) === 'in-feed';

export const SYNDICATION_MESSAGES = {
  permitNeeded: (portals: string[]) =>
    `Publishing to ${portals.join(', ')} needs a valid, unexpired Trakheesi permit: check the permit before publishing.`,
  feedNotFound: 'Feed not found',
  dncrNoPhone: 'This record has no phone number to check.',
} as const;

/** GET dncr/{x}: what the registry said of a number. */
export const DncrCheckSchema = z.object({ status: z.enum(DNCR_STATUSES), checkedAt: z.string() });
export type DncrCheck = z.infer<typeof DncrCheckSchema>;

/** The listing detail's publishing card. */
export const SYNDICATION_TEXT = { publishing: 'Publishing' } as const;

/** Every portal a listing may name, in the order the publishing card shows them. */
export const PUBLISHING_PORTALS = [...DUBAI_PORTALS, 'Website'] as const;
