import { readFileSync } from 'node:fs';
import path from 'node:path';
import { flattenMenu, MENU, type MenuItem, PATHS } from '@crm/domain';

// The menu leaves a new resource may take: a leaf with a path and a permission whose route still shows the
// placeholder page (apps/web/src/app/route-pages.tsx has no page under its path, as a literal or a PATHS key).

export function hasPage(root: string, routePath: string): boolean {
  const pages = readFileSync(path.join(root, 'apps/web/src/app/route-pages.tsx'), 'utf8');
  const keys = Object.entries(PATHS).flatMap(([key, value]) => (value === routePath ? [key] : []));
  return pages.includes(`'${routePath}':`) || keys.some((key) => pages.includes(`[PATHS.${key}]`));
}

export function placeholderLeaves(root: string): MenuItem[] {
  return flattenMenu(MENU).filter((item) => item.path && !item.children && item.permissions.length > 0 && !hasPage(root, item.path));
}
