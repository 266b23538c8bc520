import { type AppRoute, checkRouteAccess, type PermissionSubject, ROUTES } from '@crm/domain';

// The screens a user may open, read from the domain's route table (the side menu's links are in it), so a new
// screen is visited by the browser tests as soon as its route exists.

interface Profile {
  _id: string;
  role: { code: string; permissions: string[] };
  isRootUser: boolean;
}

export async function permissionSubject(baseUrl: string, token: string): Promise<PermissionSubject> {
  const res = await fetch(`${baseUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: Profile };
  return { id: data._id, roleCode: data.role.code, permissions: data.role.permissions, isRootUser: data.isRootUser };
}

/** Staff routes of the frame: not the login page, not a customer's page, not the catch-all. */
export const STAFF_ROUTES: readonly AppRoute[] = ROUTES.filter(
  (route) => route.guard === 'auth' && !route.customerPage && route.path !== '*',
);

/** Routes whose ':id' is a record of another API path than the route's own (the lead screens live under /reports). */
const API_PATH_OF: Record<string, string> = {
  'reports/leads': 'properties/leads',
  leads: 'properties/leads',
  'reports/deals': 'deals',
};

/** The REST path whose records fill a route's ':id': its static segments before the first parameter. */
export function apiPathOf(route: AppRoute): string | undefined {
  const segments = route.path.split('/').filter(Boolean);
  const index = segments.findIndex((segment) => segment.startsWith(':'));
  if (index < 0) return undefined;
  const prefix = segments.slice(0, index).join('/');
  return API_PATH_OF[prefix] ?? prefix;
}

/** The address of a route for `subject`, its ':id' filled with a record of `firstId(apiPath)`; undefined when not allowed. */
export async function addressOf(
  route: AppRoute,
  subject: PermissionSubject,
  firstId: (apiPath: string) => Promise<string | undefined>,
): Promise<{ url: string } | { skip: string }> {
  const access = checkRouteAccess(route, subject);
  if (!access.allowed) return { skip: 'not allowed' };
  // A parent path or a redirect shows another route, visited on its own.
  if (access.redirectTo) return { skip: `opens ${access.redirectTo}` };
  const apiPath = apiPathOf(route);
  if (!apiPath) return { url: route.path };
  const id = await firstId(apiPath);
  if (!id) return { skip: `no record at /api/${apiPath} to open` };
  return { url: route.path.replace(/:[^/]+/, id) };
}

/** The id of the first record a user can read at a REST list path, if any (memoised per path). */
export function firstIdReader(baseUrl: string, token: string) {
  const known = new Map<string, Promise<string | undefined>>();
  return (apiPath: string) => {
    let found = known.get(apiPath);
    if (!found) {
      found = fetch(`${baseUrl}/api/${apiPath}?filter=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(async (res) => (res.ok ? ((await res.json()) as { data: { _id: string }[] }).data[0]?._id : undefined));
      known.set(apiPath, found);
    }
    return found;
  };
}
