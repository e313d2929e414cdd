import { ROUTES, type RouteArea, type RouteEntry } from '@psb/contracts/core';
import type { RouteObject } from '@psb/router';
import type { ComponentType, ReactNode } from 'react';
import { AdminLayout } from '../layouts/AdminLayout';
import { ParentLayout } from '../layouts/ParentLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { UnauthorizedPage } from '../pages/UnauthorizedPage';
import { FirstViewHandOff, RemotePage } from './RemotePage';
import { RouteGuard } from './RouteGuard';

/** Pages built into the shell (ROUTES entries with `remote: 'shell'`). */
export const SHELL_PAGES: Record<string, ComponentType> = {
  '/404': NotFoundPage,
  '/401': UnauthorizedPage,
};

export type PageRenderer = (route: RouteEntry) => ReactNode;

export const renderPage: PageRenderer = (route) => {
  if (route.remote !== 'shell')
    return <RemotePage key={route.path} remote={route.remote} path={route.path} />;
  const Page = SHELL_PAGES[route.path] ?? NotFoundPage;
  // A first view drawn from a session the guard then refused (/401, /404) must not hide this page.
  return (
    <>
      <Page />
      <FirstViewHandOff />
    </>
  );
};

const LAYOUTS: Record<RouteArea, ComponentType> = {
  public: PublicLayout,
  parent: ParentLayout,
  admin: AdminLayout,
};

/**
 * The router table, built from ROUTES in @psb/contracts/core: one layout per area, each page behind the role guard.
 * Anything else is the 404 page. `render` is replaceable so tests need no remotes.
 */
export function buildRoutes(
  render: PageRenderer = renderPage,
  routes: readonly RouteEntry[] = ROUTES,
): RouteObject[] {
  const areas: RouteArea[] = ['public', 'parent', 'admin'];
  return areas.map((area) => {
    const Layout = LAYOUTS[area];
    const children: RouteObject[] = routes
      .filter((route) => route.area === area)
      .map((route) => ({
        path: route.path,
        element: <RouteGuard route={route}>{render(route)}</RouteGuard>,
      }));
    if (area === 'public') children.push({ path: '*', element: <NotFoundPage /> });
    return { element: <Layout />, children };
  });
}
