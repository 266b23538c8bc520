import type { MenuItem } from '@crm/domain';
import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';
import { menuIcon } from './menu-icons';

type AntMenuItem = Required<MenuProps>['items'][number];

/** Domain menu entries -> antd items. Links are real anchors so middle-click opens a new tab. */
export function toAntMenuItems(items: readonly MenuItem[]): AntMenuItem[] {
  return items.map((item): AntMenuItem => {
    if (item.children) {
      return { key: item.key, icon: menuIcon(item.icon), label: item.label, children: toAntMenuItems(item.children) };
    }
    if (item.path) {
      return { key: item.key, icon: menuIcon(item.icon), label: <Link to={item.path}>{item.label}</Link> };
    }
    return { key: item.key, icon: menuIcon(item.icon), label: item.label };
  });
}
