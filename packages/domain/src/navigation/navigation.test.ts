import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_CODES } from '../permissions/permission-codes.js';
import type { PermissionSubject } from '../permissions/permission-check.js';
import { MENU } from './menu.js';
import { filterMenuByPermission, flattenMenu, menuSelection, searchMenu } from './menu.helpers.js';
import { checkRouteAccess, isCustomerPath, matchRoute, ROUTES } from './routes.js';

const subject = (permissions: string[], extra: Partial<PermissionSubject> = {}): PermissionSubject => ({
  id: 'u1',
  roleCode: ROLE_CODES.AGENT,
  permissions,
  isRootUser: false,
  ...extra,
});
const keys = (items: readonly { key: string; children?: readonly { key: string }[] }[]) =>
  items.map((i) => (i.children ? `${i.key}[${i.children.map((c) => c.key).join(',')}]` : i.key));

describe('MENU', () => {
  it('has unique keys and every link starts with /', () => {
    const all = flattenMenu(MENU);
    expect(new Set(all.map((i) => i.key)).size).toBe(all.length);
    for (const item of all) if (item.path) expect(item.path.startsWith('/')).toBe(true);
  });
  it('gives every link a route with the same permissions', () => {
    for (const item of flattenMenu(MENU)) {
      if (!item.path) continue;
      const found = matchRoute(item.path);
      expect(found?.route.path, item.key).toBe(item.path);
      expect(found?.route.permissions).toEqual(item.permissions);
    }
  });
});

describe('filterMenuByPermission', () => {
  it('shows a bare user only Home and Profile', () => {
    expect(keys(filterMenuByPermission(MENU, subject([])))).toEqual([
      'home',
      'profile[profile-overview,profile-change-password,profile-access-logs,profile-logout]',
    ]);
  });
  it('keeps only the children a user holds, and drops groups left empty', () => {
    const seen = filterMenuByPermission(MENU, subject([PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.CUSTOMERS_VIEW, PERMISSIONS.FAQS_VIEW]));
    expect(keys(seen)).toEqual([
      'home',
      'crm[crm-leads,crm-my-leads,crm-activities,crm-customers]',
      'faqs[faqs-questions,faqs-categories]',
      'profile[profile-overview,profile-change-password,profile-access-logs,profile-logout]',
    ]);
  });
  it('shows an agent who works leads without the report only My Leads and their activities under CRM', () => {
    expect(keys(filterMenuByPermission(MENU, subject([PERMISSIONS.LEAD_UPDATE]))).find((k) => k.startsWith('crm'))).toBe(
      'crm[crm-my-leads,crm-activities]',
    );
  });
  it('hides the Admin group without SUPER_ACCESS, even with a child permission', () => {
    const seen = filterMenuByPermission(MENU, subject([PERMISSIONS.USERS_VIEW, PERMISSIONS.ASSETS_VIEW]));
    expect(seen.find((i) => i.key === 'admin')).toBeUndefined();
    const admin = filterMenuByPermission(MENU, subject([PERMISSIONS.SUPER_ACCESS, PERMISSIONS.USERS_VIEW])).find((i) => i.key === 'admin');
    expect(admin?.children?.map((c) => c.key)).toEqual([
      'admin-settings',
      'admin-users',
      'admin-users-access-logs',
      'admin-activity-logs',
      'admin-system-logs',
      'admin-notification-logs',
    ]);
  });
  it('shows everything to SUPER_ADMIN and root', () => {
    expect(filterMenuByPermission(MENU, subject([], { roleCode: ROLE_CODES.SUPER_ADMIN }))).toEqual(MENU);
    expect(flattenMenu(filterMenuByPermission(MENU, subject([], { isRootUser: true }))).length).toBe(flattenMenu(MENU).length);
  });
});

describe('searchMenu', () => {
  it('matches children by name, case-insensitive, and opens their groups', () => {
    const result = searchMenu(MENU, 'LEADS');
    expect(keys(result.items)).toEqual(['crm[crm-leads,crm-my-leads,crm-portal-leads]']);
    expect(result.openKeys).toEqual(['crm']);
  });
  it('keeps a whole group whose own name matches', () => {
    const result = searchMenu(MENU, 'teams');
    expect(keys(result.items)).toEqual(['teams[teams-members,teams-departments,teams-groups]']);
    expect(result.openKeys).toEqual(['teams']);
  });
  it('finds top-level leaves and several groups at once', () => {
    expect(keys(searchMenu(MENU, 'home').items)).toEqual(['home']);
    const categories = searchMenu(MENU, ' categories ');
    expect(categories.openKeys).toEqual(['faqs', 'endorsements', 'blogs']);
  });
  it('returns the menu untouched for a blank term and nothing for no match', () => {
    expect(searchMenu(MENU, '  ')).toEqual({ items: [...MENU], openKeys: [] });
    expect(searchMenu(MENU, 'zzz')).toEqual({ items: [], openKeys: [] });
  });
});

describe('customer pages', () => {
  it('opens the quick-login page to anyone, outside the staff frame', () => {
    const match = matchRoute('/customer/quick-login?token=abc');
    expect(match?.route).toMatchObject({ path: '/customer/quick-login', guard: 'none', customerPage: true });
    if (!match) throw new Error('the quick-login page has no route');
    expect(checkRouteAccess(match.route, null)).toEqual({ allowed: true });
    expect(isCustomerPath('/customer/quick-login')).toBe(true);
    expect(isCustomerPath('/reports/leads')).toBe(false);
  });
});

describe('menuSelection', () => {
  it('selects the leaf owning a path and opens its group', () => {
    expect(menuSelection(MENU, '/reports/leads/123/update')).toEqual({ selectedKey: 'crm-leads', openKeys: ['crm'] });
    expect(menuSelection(MENU, '/outreach-campaigns/notifications')).toEqual({
      selectedKey: 'outreach-notifications',
      openKeys: ['outreach-notifications-group'],
    });
    expect(menuSelection(MENU, '/nowhere')).toEqual({ openKeys: [] });
    expect(menuSelection(MENU, '/reports/my-leads')).toEqual({ selectedKey: 'crm-my-leads', openKeys: ['crm'] });
  });
});

describe('ROUTES', () => {
  it('matches static, param and catch-all routes', () => {
    expect(matchRoute('/leads/create')?.route.permissions).toEqual([PERMISSIONS.LEAD_ADD]);
    expect(matchRoute('/leads/abc/update')).toMatchObject({
      route: { path: '/leads/:id/update', permissions: [PERMISSIONS.LEAD_UPDATE] },
      params: { id: 'abc' },
    });
    expect(matchRoute('/reports/leads/create')?.route.path).toBe('/reports/leads/create');
    expect(matchRoute('/reports/leads/42')).toMatchObject({ route: { path: '/reports/leads/:id' }, params: { id: '42' } });
    expect(matchRoute('/reports/leads?tab=1')?.route.path).toBe('/reports/leads');
    expect(matchRoute('/forbidden')?.route.guard).toBe('none');
    expect(matchRoute('/no/such/page')?.route.path).toBe('*');
    expect(matchRoute('/')?.route.redirectTo).toBe('/dashboard');
  });
  it('has unique paths and the profile routes open to any logged-in user', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const path of ['/profile', '/profile/change-password', '/profile/access-logs', '/dashboard']) {
      expect(matchRoute(path)?.route).toMatchObject({ guard: 'auth', permissions: [] });
    }
  });
});

describe('checkRouteAccess', () => {
  const route = (path: string) => {
    const found = matchRoute(path);
    if (!found) throw new Error(`no route for ${path}`);
    return found.route;
  };
  it('sends a logged-out user to /auth with the not-logged-in message', () => {
    expect(checkRouteAccess(route('/leads/create'), null)).toEqual({
      allowed: false,
      redirectTo: '/auth',
      message: 'You have no permission to access this page',
    });
  });
  it('sends a user lacking the permission to /dashboard with the contact-admin message', () => {
    expect(checkRouteAccess(route('/leads/create'), subject([PERMISSIONS.LEAD_UPDATE]))).toEqual({
      allowed: false,
      redirectTo: '/dashboard',
      message: 'You do not have permission to access this page. Please contact with your system admin.',
    });
    expect(checkRouteAccess(route('/leads/create'), subject([PERMISSIONS.LEAD_ADD]))).toEqual({ allowed: true });
  });
  it('sends a logged-in user away from /auth and lets anyone see /forbidden and 404', () => {
    expect(checkRouteAccess(route('/auth'), subject([]))).toEqual({ allowed: false, redirectTo: '/dashboard' });
    expect(checkRouteAccess(route('/auth'), null)).toEqual({ allowed: true });
    expect(checkRouteAccess(route('/forbidden'), null)).toEqual({ allowed: true });
    expect(checkRouteAccess(route('/x/y'), null)).toEqual({ allowed: true });
    expect(checkRouteAccess(route('/'), null)).toEqual({ allowed: true, redirectTo: '/dashboard' });
  });
});

describe('parent paths', () => {
  const parent = (path: string) => {
    const found = ROUTES.find((route) => route.path === path);
    if (!found?.parentOf) throw new Error(`${path} is not a parent path`);
    return found;
  };
  const agent = subject([PERMISSIONS.LEAD_UPDATE, PERMISSIONS.LISTINGS_VIEW, PERMISSIONS.PROJECTS_VIEW]);
  const admin = subject([], { roleCode: ROLE_CODES.SUPER_ADMIN, isRootUser: true });

  it('makes every path leading to staff routes, and no route itself, a parent', () => {
    const parents = ROUTES.filter((route) => route.parentOf).map((route) => route.path);
    for (const path of ['/reports', '/properties', '/teams', '/faqs', '/settings', '/admin', '/blogs', '/seo', '/data-form', '/leads']) {
      expect(parents).toContain(path);
    }
    // Routes of their own stay pages; a customer's page makes no parent.
    for (const path of ['/profile', '/timeline', '/outreach-campaigns', '/auth', '/customer']) expect(parents).not.toContain(path);
    for (const path of parents) expect(matchRoute(path)?.route.path).toBe(path);
  });

  it("opens the first child the user may see, in the side menu's order", () => {
    expect(checkRouteAccess(parent('/reports'), admin)).toEqual({ allowed: true, redirectTo: '/reports/leads' });
    expect(checkRouteAccess(parent('/teams'), admin)).toEqual({ allowed: true, redirectTo: '/teams/members' });
    expect(checkRouteAccess(parent('/admin'), admin)).toEqual({ allowed: true, redirectTo: '/admin/settings' });
    // Without the Leads report, the agent's first report is My Leads.
    expect(checkRouteAccess(parent('/reports'), agent)).toEqual({ allowed: true, redirectTo: '/reports/my-leads' });
    expect(checkRouteAccess(parent('/properties'), agent)).toEqual({ allowed: true, redirectTo: '/properties/listings' });
    expect(checkRouteAccess(parent('/properties'), subject([PERMISSIONS.PROJECTS_VIEW]))).toEqual({
      allowed: true,
      redirectTo: '/properties/projects',
    });
  });

  it('sends a user who may see no child home with the no-permission message, and a guest to the login', () => {
    expect(checkRouteAccess(parent('/admin'), agent)).toEqual({ allowed: false, redirectTo: '/dashboard', message: expect.any(String) });
    expect(checkRouteAccess(parent('/teams'), null)).toMatchObject({ allowed: false, redirectTo: '/auth' });
  });
});
