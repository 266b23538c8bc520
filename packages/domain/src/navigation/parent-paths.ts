import { hasPermission, type PermissionSubject } from '../permissions/permission-check.js';
import type { MenuItem } from './menu.js';
import { flattenMenu } from './menu.helpers.js';
import type { AppRoute } from './routes.js';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isStatic = (path: string) => path !== '*' && !path.includes(':');

/**
 * The parent paths of the route table (docs/product.md 'Screens and routes'): every path that leads to staff
 * routes ('/teams' of '/teams/members', '/settings', '/admin') without being a route itself. Each becomes a route
 * whose `parentOf` lists the staff routes under it, the side menu's order first (then the table's), so that
 * opening it shows the first one the user may see (firstVisibleChild) rather than the 404 page.
 */
export function parentRoutes(routes: readonly AppRoute[], menu: readonly MenuItem[]): AppRoute[] {
  const own = new Set(routes.map((route) => route.path));
  const menuItems = flattenMenu(menu);
  const menuOrder = new Map(menuItems.flatMap((item, index) => (item.path ? [[item.path, index] as const] : [])));
  const staff = routes.filter((route) => route.guard === 'auth' && !route.customerPage && !route.redirectTo && isStatic(route.path));
  const ordered = staff
    .map((route, index) => ({ route, rank: menuOrder.get(route.path) ?? menuItems.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ route }) => route);

  const parents = new Map<string, AppRoute[]>();
  for (const route of ordered) {
    const segments = segmentsOf(route.path);
    for (let length = 1; length < segments.length; length += 1) {
      const parent = `/${segments.slice(0, length).join('/')}`;
      if (own.has(parent)) continue;
      parents.set(parent, [...(parents.get(parent) ?? []), route]);
    }
  }
  return [...parents].map(([path, children]) => ({
    path,
    guard: 'auth',
    // Any child's permission opens it; which child is the subject's (firstVisibleChild).
    permissions: [...new Set(children.flatMap((child) => (child.permissions.length === 0 ? [] : child.permissions)))],
    title: groupLabel(menu, children) ?? children[0]?.title ?? path,
    parentOf: children,
  }));
}

/** The side-menu group holding a parent's first child ('Teams' for /teams), for the tab's title while redirecting. */
function groupLabel(menu: readonly MenuItem[], children: readonly AppRoute[]): string | undefined {
  const paths = new Set(children.map((child) => child.path));
  return menu.find((item) => item.children?.some((child) => child.path !== undefined && paths.has(child.path)))?.label;
}

/** The first route under a parent path that `subject` may open, if any. */
export function firstVisibleChild(parent: AppRoute, subject: PermissionSubject): AppRoute | undefined {
  return parent.parentOf?.find((child) => hasPermission(subject, child.permissions));
}
