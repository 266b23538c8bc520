import { checkRouteAccess, type AppRoute, type PermissionSubject } from '@crm/domain';
import { Button, Result } from 'antd';
import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../features/auth/useSession';
import { permissionSubjectOf } from '../features/profile/profile-permissions';
import { useProfile } from '../features/profile/useProfile';
import { toApiError } from './api-error';
import { GuardRedirect } from './GuardRedirect';
import { PageLoader } from './PageLoader';
import { returnPathFrom } from './redirect-state';
import { useDocumentTitle } from './useDocumentTitle';

/** Stands for "logged in" on guest routes, where the profile's permissions do not matter. */
const LOGGED_IN: PermissionSubject = { roleCode: '', permissions: [], isRootUser: false };

/** SPEC.md section 6's route guard around one page, deciding with the domain's checkRouteAccess. */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const profile = useProfile();
  const location = useLocation();
  // A session that ends while the page is open (logout, 401, another tab) redirects silently: the toast
  // is for someone who opened a protected page while logged out.
  const openedLoggedOut = useRef(session === null).current;
  useDocumentTitle(route.title);

  if (route.guard === 'auth' && session && !profile.data) {
    if (profile.isError) {
      const error = toApiError(profile.error);
      // 401 is handled globally (session cleared, sent to /auth).
      if (error.statusCode === 401) return <PageLoader />;
      return (
        <Result status="error" title={error.message} extra={<Button onClick={() => void profile.refetch()}>Try again</Button>} />
      );
    }
    return <PageLoader />;
  }

  const subject = !session ? null : profile.data ? permissionSubjectOf(profile.data) : LOGGED_IN;
  const access = checkRouteAccess(route, subject);
  if (access.allowed) {
    return access.redirectTo ? <GuardRedirect to={access.redirectTo} /> : <>{children}</>;
  }
  if (route.guard === 'guest') return <GuardRedirect to={returnPathFrom(location.state)} />;
  if (!session) return <GuardRedirect to={access.redirectTo} message={openedLoggedOut ? access.message : undefined} rememberFrom />;
  return <GuardRedirect to={access.redirectTo} message={access.message} />;
}
