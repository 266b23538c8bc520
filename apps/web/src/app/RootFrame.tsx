import { Outlet, ScrollRestoration } from 'react-router-dom';
import { OfflineModal } from '../layout/OfflineModal';
import { StagingBanner } from '../layout/StagingBanner';

/** Around every screen: staging banner, offline modal, and scroll to top on navigation. */
export function RootFrame() {
  return (
    <>
      <StagingBanner />
      <Outlet />
      <OfflineModal />
      <ScrollRestoration />
    </>
  );
}
