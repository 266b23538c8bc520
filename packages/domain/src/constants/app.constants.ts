// docs/product.md 'Constants': the application's identity and layout constants.
export const APP = {
  NAME: 'Engage CMS',
  VERSION: '2.0.0',
  ENVIRONMENT: 'staging',
  STAGING_BANNER: 'Engage CMS Staging',
  SUPPORT_CHAT_REGION: 'eu',
} as const;

/** The side menu: 220 px open, 80 px collapsed, 0 px collapsed on screens up to 768 px. */
export const SIDEBAR = {
  WIDTH: 220,
  COLLAPSED_WIDTH: 80,
  MOBILE_COLLAPSED_WIDTH: 0,
  MOBILE_BREAKPOINT: 768,
} as const;

export function sidebarWidth(collapsed: boolean, viewportWidth: number): number {
  if (!collapsed) return SIDEBAR.WIDTH;
  return viewportWidth <= SIDEBAR.MOBILE_BREAKPOINT ? SIDEBAR.MOBILE_COLLAPSED_WIDTH : SIDEBAR.COLLAPSED_WIDTH;
}

/** Lead form defaults; locations are first loaded for the default city's lower-case name. */
export const GEO_DEFAULTS = {
  COUNTRY: 'United Arab Emirates',
  CITY: 'Dubai',
  LOCATION_CITY_QUERY: 'dubai',
} as const;

/** Query params the list and form links carry (docs/product.md 'Screens and routes'). */
export const QUERY_PARAMS = {
  NO_FRAME: 'noframe',
  TAB: 'tab',
  REFRESH: 'refresh',
  REF: 'ref',
  REF_PARAMS: 'refparams',
  FILTER: 'filter',
} as const;

/** Headers every browser request carries (docs/api.md 'Headers'). */
export const REQUEST_HEADERS = {
  TIMEZONE: 'X-Timezone',
  LANGUAGE: 'X-Language',
} as const;
