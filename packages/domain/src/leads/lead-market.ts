import { MARKET, type Market } from './lead-enums.js';

export interface MarketSource {
  project?: unknown;
  listing?: unknown;
  listings?: readonly unknown[] | null;
}

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** Off Plan if a project is set; Secondary if a listing is set; else General. */
export function deriveMarket(lead: MarketSource): Market {
  if (isSet(lead.project)) return MARKET.OFF_PLAN;
  if (isSet(lead.listing) || (lead.listings?.length ?? 0) > 0) return MARKET.SECONDARY;
  return MARKET.GENERAL;
}
