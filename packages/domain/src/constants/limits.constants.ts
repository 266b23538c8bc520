// docs/product.md 'Constants': timings and limits shared by the browser and the server.

/** Milliseconds to wait after the last keystroke/filter change before requesting. */
export const DEBOUNCE_MS = {
  LIST_FILTER: 250,
  SEARCH_INPUT: 500,
  CUSTOMER_SEARCH: 1000,
  LISTING_SEARCH: 1000,
} as const;

/**
 * How often the browser reads the caller's profile (role, permissions, assets) again while a tab is open: a role an
 * admin changed shows in the menu within this time even if the user does nothing (also on focus and after any 403).
 */
export const PROFILE_REFRESH_MS = 60_000;

/** A list's page-size choices; the first is the default. */
export const PAGE_SIZE_OPTIONS = [20, 40, 60] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** `limit: -1` asks the list endpoint for every row (lookups, distinct values, project search). */
export const ALL_ROWS_LIMIT = -1;

export const MEGABYTE = 1024 * 1024;

/** Calls in one tRPC batch: the server refuses a larger batch, and the browser's client never sends one. */
export const TRPC_MAX_BATCH = 10;

export const LIMITS = {
  CUSTOMER_SEARCH: 40,
  LISTING_SEARCH: 100,
  /** Project search has no limit. */
  PROJECT_SEARCH: ALL_ROWS_LIMIT,
  DISTINCT: ALL_ROWS_LIMIT,
  EXPORT_CHUNK: 5000,
  MAX_UPLOAD_MB: 10,
  MAX_UPLOAD_BYTES: 10 * MEGABYTE,
  PASSWORD_MIN_LENGTH: 8,
  FILE_PICKER_PAGE_SIZE: 52,
  FILE_PICKER_CARDS_PER_ROW: 4,
  AMENITIES_MAX_TAGS: 2,
  FILTER_MAX_TAGS: 1,
  FILTER_DROPDOWN_MIN_WIDTH: 224,
  FILTER_OPTION_HEIGHT: 35,
  /** Bounds the lead numbers to what the database columns hold (Int, Decimal(14,2)). */
  MAX_ROOMS: 1000,
  MAX_BUDGET: 999_999_999_999,
} as const;
