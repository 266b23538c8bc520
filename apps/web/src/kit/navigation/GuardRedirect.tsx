import { App } from 'antd';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

interface GuardRedirectProps {
  to: string;
  /** The route guard's text, shown as an error toast. */
  message?: string | undefined;
  /** Remember where the user was going (the login page returns there). */
  rememberFrom?: boolean;
}

export function GuardRedirect({ to, message, rememberFrom = false }: GuardRedirectProps) {
  const { message: toast } = App.useApp();
  const location = useLocation();
  useEffect(() => {
    // Keyed: React's strict mode and quick re-renders must not stack the same toast.
    if (message) void toast.open({ type: 'error', content: message, key: 'route-guard' });
  }, [message, toast]);
  return <Navigate to={to} replace state={rememberFrom ? { from: `${location.pathname}${location.search}` } : undefined} />;
}
