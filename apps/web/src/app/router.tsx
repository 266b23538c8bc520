import { ROUTES } from '@crm/domain';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { RouteGuard } from '../kit/navigation/RouteGuard';
import { pageFor } from './route-pages';
import { RootFrame } from './RootFrame';

/** One router entry per route of the domain's table (docs/product.md 'Screens and routes'), each behind its guard. */
function toRouteObject(route: (typeof ROUTES)[number]): RouteObject {
  return { path: route.path, element: <RouteGuard route={route}>{pageFor(route)}</RouteGuard> };
}

export const router = createBrowserRouter([
  {
    element: <RootFrame />,
    children: [
      // The login page and customers' pages stand alone; everything else sits in the app frame when logged in.
      ...ROUTES.filter((route) => route.guard === 'guest' || route.customerPage).map(toRouteObject),
      { element: <AppLayout />, children: ROUTES.filter((route) => route.guard !== 'guest' && !route.customerPage).map(toRouteObject) },
    ],
  },
]);
