import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { APP, filterMenuByPermission, MENU, PATHS, SIDEBAR } from '@crm/domain';
import { Avatar, Button, Layout, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router-dom';
import { useSession } from '../kit/session/useSession';
import { useLogout } from '../features/auth/useLogout';
import { useSwitchAsset } from '../features/assets/useSwitchAsset';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { permissionSubjectOf } from '../kit/session/profile-permissions';
import { useProfile } from '../kit/session/useProfile';
import { PageLoader } from '../kit/page/PageLoader';
import { AssetDropdown } from './AssetDropdown';
import { isNoFrame } from './frame-params';
import { SideMenu } from './SideMenu';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useMediaQuery } from './useMediaQuery';

const HEADER_HEIGHT = 56;

/**
 * The logged-in frame: side menu (permission-filtered), header with the asset dropdown, and the page.
 * Logged out it renders the page alone: the page's own guard decides (404 and /forbidden show bare).
 */
export function AppLayout() {
  const session = useSession();
  const profileQuery = useProfile();
  const profile = profileQuery.data;
  const [params] = useSearchParams();
  const isMobile = useMediaQuery(`(max-width: ${SIDEBAR.MOBILE_BREAKPOINT}px)`);
  const [collapsed, setCollapsed] = useState(isMobile);
  const { logout } = useLogout();
  const { switchAsset } = useSwitchAsset();

  useEffect(() => setCollapsed(isMobile), [isMobile]);

  const menu = useMemo(() => (profile ? filterMenuByPermission(MENU, permissionSubjectOf(profile)) : []), [profile]);

  // docs/product.md 'Session and assets': with no active asset and assets to choose from, the first one is selected.
  const autoSelected = useRef(false);
  useEffect(() => {
    const first = profile?.assets[0];
    if (profile && profile.activeAsset === null && first && !autoSelected.current) {
      autoSelected.current = true;
      void switchAsset(first, { silent: true });
    }
  }, [profile, switchAsset]);

  if (!session) {
    return (
      <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Outlet />
      </main>
    );
  }
  if (!profile)
    return profileQuery.isError ? (
      <main>
        <Outlet />
      </main>
    ) : (
      <PageLoader fullScreen />
    );

  const noFrame = isNoFrame(params);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {!noFrame && (
        <Layout.Sider
          width={SIDEBAR.WIDTH}
          collapsedWidth={isMobile ? SIDEBAR.MOBILE_COLLAPSED_WIDTH : SIDEBAR.COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          // Sticky beside the page on desktop; on phones it slides over the page instead of squeezing it.
          style={{
            position: isMobile ? 'fixed' : 'sticky',
            top: 0,
            left: 0,
            height: '100vh',
            zIndex: 100,
            overflowY: 'auto',
            overflowX: 'hidden',
          }}
        >
          <Link
            to={PATHS.DASHBOARD}
            aria-label={collapsed ? `${APP.NAME} home` : undefined}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 10,
              height: HEADER_HEIGHT,
              padding: collapsed ? '0 24px' : '0 20px',
              color: '#fff',
            }}
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {!collapsed && <span style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>{APP.NAME}</span>}
          </Link>
          <nav aria-label="Main menu">
            <SideMenu
              items={menu}
              collapsed={collapsed}
              onLogout={() => void logout()}
              onNavigate={isMobile ? () => setCollapsed(true) : undefined}
            />
          </nav>
        </Layout.Sider>
      )}
      {!noFrame && isMobile && !collapsed && (
        <div
          aria-hidden
          onClick={() => setCollapsed(true)}
          style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.45)', zIndex: 99 }}
        />
      )}
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 90,
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            padding: '0 16px',
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
          }}
        >
          {!noFrame && (
            <Button
              type="text"
              aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <div style={{ flex: 1 }} />
          <AssetDropdown profile={profile} />
          <NotificationBell userId={profile._id} />
          <Link
            to={PATHS.PROFILE}
            aria-label={isMobile ? `Profile: ${profile.fullName}` : undefined}
            style={{ display: 'flex', alignItems: 'center', gap: 8, color: 'inherit' }}
          >
            <Avatar size="small" src={profile.avatar?.file} alt="" icon={<UserOutlined />} />
            {!isMobile && <Typography.Text>{profile.fullName}</Typography.Text>}
          </Link>
        </Layout.Header>
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ padding: isMobile ? 12 : 24 }}>
          {/* Keyed by the active asset: switching asset remounts the page so it loads the new asset's data. */}
          <Outlet key={profile.activeAsset?._id ?? 'no-asset'} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
