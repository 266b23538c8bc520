import { PERMIT_EXPIRING_DAYS, type ListingPurpose, type RENT_FREQUENCIES } from './listing-enums.js';
import { LISTING_MESSAGES as M } from './listing-messages.js';

// The cross-field rules of a listing, checked by the server on the merged record (create, or the stored row with
// the update applied) and by the form before it sends.

export interface ListingRuleInput {
  leadType?: ListingPurpose | string | null | undefined;
  /** The frequency sent (a sale may not name one). */
  rentFrequency?: string | null | undefined;
  permitNumber?: string | null | undefined;
  permitExpiresAt?: string | Date | null | undefined;
}

/** Field -> messages; empty when the listing is consistent. */
export function listingRuleErrors(listing: ListingRuleInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (listing.leadType !== 'Rent' && listing.rentFrequency) errors.rentFrequency = [M.rentFrequencyOnlyForRent];
  if (listing.permitNumber && !listing.permitExpiresAt) errors.permitExpiresAt = [M.permitExpiryRequired];
  return errors;
}

/** Dubai's rents are quoted by the year: a rent listing that names no frequency is yearly. */
export const DEFAULT_RENT_FREQUENCY = 'Yearly' satisfies (typeof RENT_FREQUENCIES)[number];

/** The frequency a listing keeps: a rent its own (else yearly), a sale none. */
export function rentFrequencyFor(leadType: string | null | undefined, rentFrequency: string | null | undefined): string | null {
  return leadType === 'Rent' ? rentFrequency || DEFAULT_RENT_FREQUENCY : null;
}

export const PERMIT_STATES = ['missing', 'expired', 'expiring', 'valid'] as const;
export type PermitState = (typeof PERMIT_STATES)[number];

export const PERMIT_STATE_LABELS: Record<PermitState, string> = {
  missing: M.permitMissing,
  expired: M.permitExpired,
  expiring: M.permitExpiring,
  valid: M.permitValid,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a listing's Trakheesi permit stands at `now`: none, past its expiry, ending within 30 days, or valid. */
export function permitStateOf(listing: Pick<ListingRuleInput, 'permitNumber' | 'permitExpiresAt'>, now: Date): PermitState {
  if (!listing.permitNumber) return 'missing';
  const expiry = listing.permitExpiresAt ? new Date(listing.permitExpiresAt).getTime() : Number.NaN;
  if (Number.isNaN(expiry) || expiry < now.getTime()) return 'expired';
  return expiry <= now.getTime() + PERMIT_EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid';
}

/** The list filter `query` of the permit filter: the listings whose permit is in one of `states` at `now`. */
export function permitFilterQuery(states: readonly PermitState[], now: Date) {
  const soon = new Date(now.getTime() + PERMIT_EXPIRING_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const branch = {
    missing: { permitNumber: null },
    expired: { permitNumber: { $ne: null }, $or: [{ permitExpiresAt: null }, { permitExpiresAt: { $lt: at } }] },
    expiring: { permitNumber: { $ne: null }, permitExpiresAt: { $gte: at, $lte: soon } },
    valid: { permitNumber: { $ne: null }, permitExpiresAt: { $gt: soon } },
  } as const;
  return { $or: states.map((state) => branch[state]) };
}
