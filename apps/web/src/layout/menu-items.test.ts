import { DEFAULT_ROLES, filterMenuByPermission, flattenMenu, matchRoute, MENU, PERMISSIONS, ROLE_CODES, searchMenu } from '@crm/domain';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { pageFor } from '../app/route-pages';
import { permissionSubjectOf } from '../kit/session/profile-permissions';
import { isNoFrame } from './frame-params';
import { toAntMenuItems } from './menu-items';

const profile = (code: string, permissions: string[], isRootUser = false) => ({ _id: 'u1', role: { code, permissions }, isRootUser });

type Item = { key?: unknown; label?: unknown; children?: Item[] };
const keysOf = (items: readonly unknown[]): string[] =>
  (items as Item[]).flatMap((item) => [String(item.key), ...(item.children ? keysOf(item.children) : [])]);

describe('side menu from the profile', () => {
  it('shows the seeded agent only what the role grants (the demo agent)', () => {
    const agent = profile(ROLE_CODES.AGENT, DEFAULT_ROLES.find((role) => role.code === ROLE_CODES.AGENT)?.permissions ?? []);
    const items = toAntMenuItems(filterMenuByPermission(MENU, permissionSubjectOf(agent)));
    expect(keysOf(items)).toEqual([
      'home',
      'crm',
      'crm-leads',
      'crm-my-leads',
      'crm-deals',
      'crm-activities',
      'crm-customers',
      'profile',
      'profile-overview',
      'profile-change-password',
      'profile-access-logs',
      'profile-logout',
    ]);
  });

  it('shows SUPER_ADMIN and root users every entry', () => {
    const all = flattenMenu(MENU).map((item) => item.key);
    expect(keysOf(toAntMenuItems(filterMenuByPermission(MENU, permissionSubjectOf(profile(ROLE_CODES.SUPER_ADMIN, [])))))).toEqual(all);
    expect(keysOf(toAntMenuItems(filterMenuByPermission(MENU, permissionSubjectOf(profile(ROLE_CODES.AGENT, [], true)))))).toEqual(all);
  });

  it('renders links as anchors to their path and Logout as a plain item', () => {
    const items = toAntMenuItems(MENU) as Item[];
    const home = items[0];
    expect(isValidElement(home?.label) && (home.label.props as { to?: string }).to).toBe('/dashboard');
    const logout = items.find((item) => item.key === 'profile')?.children?.find((item) => item.key === 'profile-logout');
    expect(logout?.label).toBe('Logout');
  });

  it('searches within what the user may see', () => {
    const manager = permissionSubjectOf(profile(ROLE_CODES.MANAGER, [PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.MEMBERS_VIEW]));
    const { items, openKeys } = searchMenu(filterMenuByPermission(MENU, manager), 'mem');
    expect(keysOf(toAntMenuItems(items))).toEqual(['teams', 'teams-members']);
    expect(openKeys).toEqual(['teams']);
  });
});

describe('routes behind the menu', () => {
  it('routes every menu link to a guarded page', () => {
    for (const item of flattenMenu(MENU)) {
      if (!item.path) continue;
      const found = matchRoute(item.path);
      expect(found?.route.guard, item.path).toBe('auth');
      if (found) expect(isValidElement(pageFor(found.route))).toBe(true);
    }
  });

  it('guards the lead form routes with LEAD_ADD and LEAD_UPDATE', () => {
    expect(matchRoute('/leads/create')?.route.permissions).toEqual([PERMISSIONS.LEAD_ADD]);
    expect(matchRoute('/leads/abc/update')?.route.permissions).toEqual([PERMISSIONS.LEAD_UPDATE]);
  });
});

describe('noframe', () => {
  it('hides the frame for ?noframe and ?noframe=1, not for ?noframe=false', () => {
    expect(isNoFrame(new URLSearchParams('noframe'))).toBe(true);
    expect(isNoFrame(new URLSearchParams('noframe=1'))).toBe(true);
    expect(isNoFrame(new URLSearchParams('noframe=false'))).toBe(false);
    expect(isNoFrame(new URLSearchParams('tab=2'))).toBe(false);
  });
});
