import { COMPLETION_STATUSES, FURNISHINGS, type ListingStatus, rentFrequencyFor } from '@crm/domain';

// The brokerage details the demo data gives each seeded listing (docs/api.md 'Demo data'), varied by its place so
// the list's filters have something to find: statuses, permits missing, expired, expiring and valid, tags, portals.

const DAY_MS = 24 * 60 * 60 * 1000;
const STATUSES: readonly ListingStatus[] = ['Published', 'Published', 'Draft', 'Off-Market', 'Published'];
const PERMIT_DAYS: readonly (number | null)[] = [null, 14, 180, -10];
const TAGS: readonly (readonly string[])[] = [['sea view'], ['vacant'], ['sea view', 'upgraded'], []];

export function demoListingDetails(i: number, listing: { leadType: string; bedrooms: number | null }, now: Date) {
  const status = STATUSES[i % STATUSES.length] ?? 'Draft';
  const permitDays = PERMIT_DAYS[i % PERMIT_DAYS.length] ?? null;
  return {
    status,
    rentFrequency: rentFrequencyFor(listing.leadType, null),
    completionStatus: COMPLETION_STATUSES[i % 5 === 3 ? 1 : 0],
    furnishing: FURNISHINGS[i % FURNISHINGS.length],
    size: 650 + (listing.bedrooms ?? 0) * 550 + (i % 3) * 35,
    parking: 1 + (i % 2),
    permitNumber: permitDays === null ? null : `7117${String(100_000 + i)}`,
    permitExpiresAt: permitDays === null ? null : new Date(now.getTime() + permitDays * DAY_MS),
    // As a Trakheesi check would have left it.
    permitStatus: permitDays === null ? 'unchecked' : permitDays > 0 ? 'valid' : 'expired',
    permitCheckedAt: permitDays === null ? null : now,
    tags: [...(TAGS[i % TAGS.length] ?? [])],
    portals: status === 'Published' ? ['Property Finder', 'Bayut'] : [],
  };
}
