import { SearchOutlined } from '@ant-design/icons';
import { flattenMenu, menuSelection, searchMenu, type MenuItem } from '@crm/domain';
import { Empty, Input, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toAntMenuItems } from './menu-items';

interface SideMenuProps {
  /** The menu already filtered by the caller's permissions. */
  items: readonly MenuItem[];
  collapsed: boolean;
  onLogout: () => void;
  /** Called after a link is chosen (the mobile layout closes the menu). */
  onNavigate?: () => void;
}

/** The side menu (docs/product.md 'Side menu'): search by name (opens matching groups), clear button, current page selected. */
export function SideMenu({ items, collapsed, onLogout, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  const result = useMemo(() => searchMenu(items, search), [items, search]);
  const antItems = useMemo(() => toAntMenuItems(result.items), [result.items]);
  const paths = useMemo(
    () => new Map(flattenMenu(items).flatMap((item) => (item.path && !item.children ? [[item.key, item.path] as const] : []))),
    [items],
  );
  const actionKeys = useMemo(
    () => new Map(flattenMenu(items).flatMap((item) => (item.action ? [[item.key, item.action] as const] : []))),
    [items],
  );
  const selection = useMemo(() => menuSelection(items, pathname), [items, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);

  // Navigating (also by URL or the back button) opens the current page's group without closing the others.
  const selectionGroups = selection.openKeys.join('|');
  useEffect(() => {
    if (selectionGroups) setOpenKeys((open) => [...new Set([...open, ...selectionGroups.split('|')])]);
  }, [selectionGroups]);

  const onClick = ({ key, domEvent }: { key: string; domEvent: { type: string } }) => {
    if (actionKeys.get(key) === 'logout') return onLogout();
    // A mouse click lands on the item's own link; Enter or Space on the item (the menu's arrow keys move between
    // items, not links) follows it here, so the menu works without a mouse (WCAG 2.1.1).
    const path = paths.get(key);
    if (path && domEvent.type === 'keydown') void navigate(path);
    onNavigate?.();
  };

  return (
    <>
      {!collapsed && (
        <div style={{ padding: '8px 12px' }}>
          <Input
            allowClear
            size="middle"
            prefix={<SearchOutlined />}
            placeholder="Search menu"
            aria-label="Search menu"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      {collapsed ? (
        // Collapsed: submenus open as hover popups, which antd manages itself.
        <Menu
          key="collapsed"
          theme="dark"
          mode="inline"
          items={antItems}
          selectedKeys={selection.selectedKey ? [selection.selectedKey] : []}
          onClick={onClick}
        />
      ) : (
        <Menu
          key="expanded"
          theme="dark"
          mode="inline"
          items={antItems}
          selectedKeys={selection.selectedKey ? [selection.selectedKey] : []}
          openKeys={searching ? result.openKeys : openKeys}
          onOpenChange={(keys) => {
            if (!searching) setOpenKeys(keys);
          }}
          onClick={onClick}
        />
      )}
      {searching && result.items.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span style={{ color: 'rgba(255,255,255,0.65)' }}>No menu items found</span>}
        />
      )}
    </>
  );
}
