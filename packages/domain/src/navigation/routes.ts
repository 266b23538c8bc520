import { MESSAGES } from '../messages/messages.js';
import { hasPermission, type PermissionSubject } from '../permissions/permission-check.js';
import { PERMISSIONS as P, type PermissionCode } from '../permissions/permission-codes.js';
import { MENU, type MenuItem, type MenuPath } from './menu.js';
import { flattenMenu } from './menu.helpers.js';
import { firstVisibleChild, parentRoutes } from './parent-paths.js';
import { CUSTOMER_QUICK_LOGIN } from '../customers/customer-calls.schemas.js';
import { MEMBER_LOGIN_LINK, TEAM_LINKS } from '../teams/member-calls.schemas.js';
import { ACCEPT_INVITE_PATH } from '../admin/user.contract.js';
import { VIEWING_REVIEW_PAGE } from '../reviews/viewing-review-page.js';

/** 'auth': logged in (and holding `permissions`, any-of); 'guest': only when logged out; 'none': anyone. */
export type RouteGuard = 'auth' | 'guest' | 'none';

export interface AppRoute {
  /** React-router style: ':name' matches one segment, '*' anything left. */
  path: string;
  guard: RouteGuard;
  permissions: readonly PermissionCode[];
  title?: string;
  redirectTo?: string;
  /** The side-menu entry the route belongs to. */
  menuKey?: string;
  /** A customer's page: shown on its own, outside the staff frame, and its 401 is its own answer. */
  customerPage?: boolean;
  /** A parent path ('/teams'): the routes under it, in the order it tries them (parent-paths.ts). */
  parentOf?: readonly AppRoute[];
}

export const PATHS = {
  ROOT: '/',
  AUTH: '/auth',
  AUTH_LOGIN: '/auth/login',
  DASHBOARD: '/dashboard',
  FORBIDDEN: '/forbidden',
  LEADS_REPORT: '/reports/leads',
  LEAD_CREATE: '/leads/create',
  MY_LEADS: '/reports/my-leads',
  CUSTOMERS: '/customers',
  CUSTOMER_CREATE: '/customers/create',
  DEVELOPERS: '/properties/developers',
  DEVELOPER_CREATE: '/properties/developers/create',
  LISTINGS: '/properties/listings',
  LISTING_CREATE: '/properties/listings/create',
  FAQ_QUESTIONS: '/faqs/questions',
  PROJECTS: '/properties/projects',
  PROJECT_CREATE: '/properties/projects/create',
  FAQ_CATEGORIES: '/faqs/categories',
  CUSTOM_FIELDS: '/properties/custom-fields',
  STORAGE: '/storage',
  PROFILE: '/profile',
  PROFILE_NOTIFICATIONS: '/profile/notifications',
  NOT_FOUND: '*',
} as const;

/** Links the lead screens build (docs/product.md 'Screens and routes'). */
export const LINKS = {
  leadDetail: (id: string) => `/reports/leads/${id}`,
  leadUpdate: (id: string) => `/reports/leads/${id}/update`,
  leadUpdatePage: (id: string) => `/leads/${id}/update`,
  listing: (id: string) => `/properties/listings/${id}`,
  deal: (id: string) => `/reports/deals/${id}`,
  project: (id: string) => `/properties/projects/${id}`,
  customer: (id: string) => `/customers/${id}`,
  customerUpdate: (id: string) => `/customers/${id}/update`,
  developer: (id: string) => `/properties/developers/${id}`,
  developerUpdate: (id: string) => `/properties/developers/${id}/update`,
  projectUpdate: (id: string) => `/properties/projects/${id}/update`,
  listingUpdate: (id: string) => `/properties/listings/${id}/update`,
} as const;

// Generic over the path so the table's type keeps every path it declares (RoutePath).
const route = <const Path extends string>(
  path: Path,
  guard: RouteGuard,
  permissions: readonly PermissionCode[] = [],
  extra: Partial<Omit<AppRoute, 'path'>> = {},
): AppRoute & { path: Path } => ({
  path,
  guard,
  permissions,
  ...extra,
});

const menuRoutes = (menu: readonly MenuItem[]): AppRoute[] =>
  flattenMenu(menu).flatMap((item) =>
    item.path && !item.children ? [route(item.path, 'auth', item.permissions, { title: item.label, menuKey: item.key })] : [],
  );

const BEFORE_MENU = [
  route(PATHS.ROOT, 'none', [], { redirectTo: PATHS.DASHBOARD }),
  route(PATHS.AUTH, 'guest', [], { title: 'Login' }),
  route(PATHS.AUTH_LOGIN, 'guest', [], { title: 'Login' }),
  route(PATHS.FORBIDDEN, 'none', [], { title: 'Forbidden' }),
  route(PATHS.LEAD_CREATE, 'auth', [P.LEAD_ADD], { title: MESSAGES.pages.createLeadTitle }),
  route('/leads/:id/update', 'auth', [P.LEAD_UPDATE], { title: MESSAGES.pages.updateLeadTitle }),
  route('/reports/leads/create', 'auth', [P.LEAD_ADD], { title: MESSAGES.pages.createLeadTitle }),
  route('/reports/leads/:id/update', 'auth', [P.LEAD_UPDATE], { title: MESSAGES.pages.updateLeadTitle }),
  route('/reports/leads/:id', 'auth', [P.LEADS_REPORT_VIEW], { title: 'Lead' }),
  // An agent's own leads (accept) and the lead pool (claim): the My Leads menu entry.
  route(PATHS.MY_LEADS, 'auth', [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE], { title: 'My Leads', menuKey: 'crm-my-leads' }),
  route(PATHS.CUSTOMER_CREATE, 'auth', [P.CUSTOMER_ADD], { title: MESSAGES.record.addTitle('customer'), menuKey: 'crm-customers' }),
  route('/customers/:id/update', 'auth', [P.CUSTOMER_UPDATE], { title: MESSAGES.record.updateTitle('customer'), menuKey: 'crm-customers' }),
  route('/customers/:id', 'auth', [P.CUSTOMERS_VIEW], { title: 'Customer', menuKey: 'crm-customers' }),
  route('/properties/projects/:id', 'auth', [P.PROJECTS_VIEW], { title: 'Project', menuKey: 'crm-new-projects' }),
  route(PATHS.PROJECT_CREATE, 'auth', [P.PROJECTS_VIEW], { title: MESSAGES.record.addTitle('project'), menuKey: 'crm-new-projects' }),
  route('/properties/projects/:id/update', 'auth', [P.PROJECTS_VIEW], {
    title: MESSAGES.record.updateTitle('project'),
    menuKey: 'crm-new-projects',
  }),
  route('/properties/listings/:id', 'auth', [P.LISTINGS_VIEW], { title: 'Listing', menuKey: 'crm-listings' }),
  route(PATHS.LISTING_CREATE, 'auth', [P.LISTINGS_VIEW], { title: MESSAGES.record.addTitle('listing'), menuKey: 'crm-listings' }),
  route('/properties/listings/:id/update', 'auth', [P.LISTINGS_VIEW], {
    title: MESSAGES.record.updateTitle('listing'),
    menuKey: 'crm-listings',
  }),
  route(PATHS.DEVELOPER_CREATE, 'auth', [P.DEVELOPERS_VIEW], { title: MESSAGES.record.addTitle('developer'), menuKey: 'crm-developers' }),
  route('/properties/developers/:id/update', 'auth', [P.DEVELOPERS_VIEW], {
    title: MESSAGES.record.updateTitle('developer'),
    menuKey: 'crm-developers',
  }),
  route('/properties/developers/:id', 'auth', [P.DEVELOPERS_VIEW], { title: 'Developer', menuKey: 'crm-developers' }),
  route('/reports/deals/:id', 'auth', [P.DEALS_VIEW], { title: 'Deal', menuKey: 'crm-deals' }),
  // Which notifications also come by email: opened from the bell.
  route(PATHS.PROFILE_NOTIFICATIONS, 'auth', [], { title: 'Notifications', menuKey: 'profile-overview' }),
  // The page a customer's quick-login link opens (POST customers/login-url): open to anyone holding the link.
  route(CUSTOMER_QUICK_LOGIN.PATH, 'none', [], { title: 'Customer access', customerPage: true }),
  // The page a viewing's feedback mail links to: open to anyone holding the signed link.
  route(VIEWING_REVIEW_PAGE.PATH, 'none', [], { title: 'Review your viewing', customerPage: true }),
  // Teams: a member's page, and the page a member's one-time sign-in link opens (POST teams/members/login-url).
  route(TEAM_LINKS.MEMBER_PAGE, 'auth', [P.MEMBERS_VIEW], { title: 'Team Member', menuKey: 'teams-members' }),
  route(MEMBER_LOGIN_LINK.PATH, 'guest', [], { title: 'Sign in with a link' }),
  // Admin: the page an invitation or an admin's password reset links to.
  route(ACCEPT_INVITE_PATH, 'guest', [], { title: 'Accept invitation' }),
] as const;

/**
 * Every path the route table declares, the 404 catch-all's included (the parent paths are computed, parent-paths.ts):
 * the web app's page table is keyed by it, so a mistyped path fails the typecheck.
 */
export type RoutePath = (typeof BEFORE_MENU)[number]['path'] | MenuPath | typeof PATHS.NOT_FOUND;

/**
 * The route table (docs/product.md 'Screens and routes'): the fixed routes, one route per side-menu link (with the item's
 * permissions), then the 404 catch-all. Pages the original showed without a guard (/customers, /profile...)
 * still need a login here: every one of them reads asset data.
 */
const PAGE_ROUTES: readonly AppRoute[] = [...BEFORE_MENU, ...menuRoutes(MENU).filter((r) => !BEFORE_MENU.some((b) => b.path === r.path))];

/** The table's pages, then its parent paths (each opens its first child the user may see), then the 404 catch-all. */
export const ROUTES: readonly AppRoute[] = [
  ...PAGE_ROUTES,
  ...parentRoutes(PAGE_ROUTES, MENU),
  route(PATHS.NOT_FOUND, 'none', [], { title: 'Not Found' }),
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** A customer's page (customerPage): a 401 there is the page's own answer, never a staff logout. */
export function isCustomerPath(pathname: string): boolean {
  return matchRoute(pathname)?.route.customerPage === true;
}

/** The first route matching a pathname (static segments beat ':params' by table order), with its params. */
export function matchRoute(
  pathname: string,
  routes: readonly AppRoute[] = ROUTES,
): { route: AppRoute; params: Record<string, string> } | undefined {
  const actual = segments(pathname.split(/[?#]/)[0] ?? '');
  const ranked = [...routes].sort((a, b) => specificity(b.path) - specificity(a.path));
  for (const candidate of ranked) {
    if (candidate.path === '*') return { route: candidate, params: {} };
    const expected = segments(candidate.path);
    if (expected.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const ok = expected.every((seg, i) => {
      const value = actual[i] ?? '';
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = decodeURIComponent(value);
        return value.length > 0;
      }
      return seg === value;
    });
    if (ok) return { route: candidate, params };
  }
  return undefined;
}

/** Static segments weigh more than params; the catch-all weighs least. */
function specificity(path: string): number {
  if (path === '*') return -1;
  return segments(path).reduce((sum, seg) => sum + (seg.startsWith(':') ? 1 : 2), 0);
}

export type RouteAccess = { allowed: true; redirectTo?: string } | { allowed: false; redirectTo: string; message?: string };

/**
 * The route guard (docs/product.md 'Permissions'). Logged out on an 'auth' route: to /auth with 'You have no permission
 * to access this page'. Missing permission: to /dashboard with the contact-your-admin message. Logged in
 * on a 'guest' route: to /dashboard.
 */
export function checkRouteAccess(target: AppRoute, subject: PermissionSubject | null | undefined): RouteAccess {
  if (target.parentOf) {
    if (!subject) return { allowed: false, redirectTo: PATHS.AUTH, message: MESSAGES.guard.notLoggedIn };
    const child = firstVisibleChild(target, subject);
    return child
      ? { allowed: true, redirectTo: child.path }
      : { allowed: false, redirectTo: PATHS.DASHBOARD, message: MESSAGES.guard.noPermission };
  }
  if (target.redirectTo) return { allowed: true, redirectTo: target.redirectTo };
  if (target.guard === 'none') return { allowed: true };
  if (target.guard === 'guest') return subject ? { allowed: false, redirectTo: PATHS.DASHBOARD } : { allowed: true };
  if (!subject) return { allowed: false, redirectTo: PATHS.AUTH, message: MESSAGES.guard.notLoggedIn };
  if (!hasPermission(subject, target.permissions)) {
    return { allowed: false, redirectTo: PATHS.DASHBOARD, message: MESSAGES.guard.noPermission };
  }
  return { allowed: true };
}
