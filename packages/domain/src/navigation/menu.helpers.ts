import { hasPermission, type PermissionSubject } from '../permissions/permission-check.js';
import type { MenuItem } from './menu.js';

/** The menu as a subject may see it: items failing their check go, and so do groups left empty. */
export function filterMenuByPermission(menu: readonly MenuItem[], subject: PermissionSubject): MenuItem[] {
  const visible: MenuItem[] = [];
  for (const item of menu) {
    if (!hasPermission(subject, item.permissions)) continue;
    if (!item.children) {
      visible.push(item);
      continue;
    }
    const children = filterMenuByPermission(item.children, subject);
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

export interface MenuSearchResult {
  items: MenuItem[];
  /** Keys of the groups to open so the matches show. */
  openKeys: string[];
}

/**
 * docs/product.md 'Side menu': filters items and children by name, case-insensitive. A group whose own name matches
 * keeps all its children; otherwise it keeps only its matching children. Groups kept are opened.
 * A blank term returns the menu unchanged with nothing opened.
 */
export function searchMenu(menu: readonly MenuItem[], term: string | null | undefined): MenuSearchResult {
  const needle = term?.trim().toLowerCase() ?? '';
  if (!needle) return { items: [...menu], openKeys: [] };
  const openKeys: string[] = [];
  const walk = (items: readonly MenuItem[]): MenuItem[] => {
    const kept: MenuItem[] = [];
    for (const item of items) {
      const selfMatches = item.label.toLowerCase().includes(needle);
      if (!item.children) {
        if (selfMatches) kept.push(item);
        continue;
      }
      const children = selfMatches ? [...item.children] : walk(item.children);
      if (children.length > 0) {
        openKeys.push(item.key);
        kept.push({ ...item, children });
      }
    }
    return kept;
  };
  return { items: walk(menu), openKeys };
}

/** Every entry of the tree, depth first (groups before their children). */
export function flattenMenu(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => [item, ...(item.children ? flattenMenu(item.children) : [])]);
}

/** The leaf whose path is the longest prefix of `pathname`, and its parent group keys (to select and open). */
export function menuSelection(menu: readonly MenuItem[], pathname: string): { selectedKey?: string; openKeys: string[] } {
  let best: { key: string; length: number; parents: string[] } | undefined;
  const walk = (items: readonly MenuItem[], parents: string[]) => {
    for (const item of items) {
      if (item.children) walk(item.children, [...parents, item.key]);
      else if (item.path && (pathname === item.path || pathname.startsWith(`${item.path}/`))) {
        if (!best || item.path.length > best.length) best = { key: item.key, length: item.path.length, parents };
      }
    }
  };
  walk(menu, []);
  return best ? { selectedKey: best.key, openKeys: best.parents } : { openKeys: [] };
}
