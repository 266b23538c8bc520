import { type FieldKeyOf, type listingContract, PERMIT_STATES, type PermitState, permitFilterQuery } from '@crm/domain';
import type { FilterSpecOf } from '../../../kit/table/filter-defs';
import type { ExtraFilters } from '../../../kit/table/table-state';

// The filters an agent uses on the listings list (docs/product.md 'Listings'): the contract's value filters, and the
// screen's own: agent, tags, price and size ranges, and the permit (missing, expired, expiring within 30 days, valid).

export const LISTING_FILTERS: readonly FilterSpecOf<FieldKeyOf<typeof listingContract>>[] = [
  'leadType',
  'status',
  { field: 'unitType', label: 'Type' },
  'bedrooms',
  'community',
];

export interface ListingOwnFilters {
  agents: string[];
  tags: string[];
  permit: PermitState[];
  priceMin: number | null;
  priceMax: number | null;
  sizeMin: number | null;
  sizeMax: number | null;
}

export const DEFAULT_LISTING_OWN_FILTERS: ListingOwnFilters = {
  agents: [],
  tags: [],
  permit: [],
  priceMin: null,
  priceMax: null,
  sizeMin: null,
  sizeMax: null,
};

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : null;
const amount = (value: unknown): number | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const isPermitState = (value: string): value is PermitState => PERMIT_STATES.some((state) => state === value);

/** Cached own filters read back: null when they no longer read. */
export function parseListingOwnFilters(value: unknown): ListingOwnFilters | null {
  if (typeof value !== 'object' || value === null) return null;
  const agents = strings(Reflect.get(value, 'agents'));
  const tags = strings(Reflect.get(value, 'tags'));
  const permit = strings(Reflect.get(value, 'permit'));
  const bounds = (['priceMin', 'priceMax', 'sizeMin', 'sizeMax'] as const).map((key) => amount(Reflect.get(value, key)));
  const [priceMin, priceMax, sizeMin, sizeMax] = bounds;
  if (!agents || !tags || !permit?.every(isPermitState) || bounds.some((b) => b === undefined)) return null;
  return {
    agents,
    tags,
    permit: permit.filter(isPermitState),
    priceMin: priceMin ?? null,
    priceMax: priceMax ?? null,
    sizeMin: sizeMin ?? null,
    sizeMax: sizeMax ?? null,
  };
}

function range(field: 'price' | 'size', min: number | null, max: number | null): Record<string, unknown>[] {
  const bounds = { ...(min !== null ? { $gte: min } : {}), ...(max !== null ? { $lte: max } : {}) };
  return Object.keys(bounds).length ? [{ [field]: bounds }] : [];
}

/** The own filters as list conditions; the permit's 'expiring' is counted from `now`. */
export function listingOwnConditions(filters: ListingOwnFilters, now: Date): Record<string, unknown>[] {
  return [
    ...(filters.agents.length ? [{ agent: { $in: filters.agents } }] : []),
    ...(filters.tags.length ? [{ tags: { $in: filters.tags } }] : []),
    ...(filters.permit.length ? [permitFilterQuery(filters.permit, now)] : []),
    ...range('price', filters.priceMin, filters.priceMax),
    ...range('size', filters.sizeMin, filters.sizeMax),
  ];
}

export const LISTING_EXTRA_FILTERS: ExtraFilters<ListingOwnFilters> = {
  initial: DEFAULT_LISTING_OWN_FILTERS,
  parse: parseListingOwnFilters,
  // To the minute: the request stays the same between renders, so it is not asked again each time.
  conditions: (filters) => listingOwnConditions(filters, new Date(Math.floor(Date.now() / 60_000) * 60_000)),
};
