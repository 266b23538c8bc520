import { checkRouteAccess, type AppRoute, type PermissionSubject } from '@crm/domain';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { sessionStore, sessionWasSeen } from '../session/session';
import { useSession } from '../session/useSession';
import { permissionSubjectOf } from '../session/profile-permissions';
import { useProfile } from '../session/useProfile';
import { toApiError } from '../api/api-error';
import { GuardRedirect } from './GuardRedirect';
import { PageLoader } from '../page/PageLoader';
import { returnPathFrom } from './redirect-state';
import { useDocumentTitle } from '../page/useDocumentTitle';

/** Stands for "logged in" on guest routes, where the profile's permissions do not matter. */
const LOGGED_IN: PermissionSubject = { roleCode: '', permissions: [], isRootUser: false };

/** The route guard (docs/product.md 'Permissions') around one page, deciding with the domain's checkRouteAccess. */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const profile = useProfile();
  const location = useLocation();
  useDocumentTitle(route.title);

  if (route.guard === 'auth' && session && !profile.data) {
    if (profile.isError) {
      const error = toApiError(profile.error);
      // 401 is handled globally (session cleared, sent to /auth).
      if (error.statusCode === 401) return <PageLoader />;
      return <Result status="error" title={error.message} extra={<Button onClick={() => void profile.refetch()}>Try again</Button>} />;
    }
    return <PageLoader />;
  }

  const subject = !session ? null : profile.data ? permissionSubjectOf(profile.data) : LOGGED_IN;
  const access = checkRouteAccess(route, subject);
  if (access.allowed) {
    return access.redirectTo ? <GuardRedirect to={access.redirectTo} /> : children;
  }
  if (route.guard === 'guest') {
    // Back to the page that asked for the login, in the tab that logged in; other tabs go home.
    return <GuardRedirect to={sessionStore.origin() === 'this-tab' ? returnPathFrom(location.state) : access.redirectTo} />;
  }
  // The toast is for someone who opened a protected page logged out, not for the end of a session.
  if (!session) return <GuardRedirect to={access.redirectTo} message={sessionWasSeen() ? undefined : access.message} rememberFrom />;
  return <GuardRedirect to={access.redirectTo} message={access.message} />;
}
