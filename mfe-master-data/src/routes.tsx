import { ROUTES } from '@psb/contracts/core';
import { resourceByAdminPath } from '@psb/contracts/resources';
import { type ComponentType, lazy } from 'react';
import { resourcePage } from './resources/resourcePage';

/** This remote's pages in ROUTES (the navigation table of @psb/contracts). */
const mine = ROUTES.filter((r) => r.remote === 'mfe_master_data').map((r) => r.path);

/** Screens next to the engine; each is its own chunk. */
const screens: Record<string, ComponentType> = {
  '/admin/dashboard': lazy(() => import('./dashboard/DashboardPage')),
  '/admin/role_modules': lazy(() => import('./roles/RoleModulesPage')),
  '/admin/role_school': lazy(() => import('./roles/RoleSchoolPage')),
  '/admin/jobs': lazy(() => import('./jobs/JobsPage')),
  '/admin/test_announcement': lazy(() => import('./notifications/TestScheduleNotificationPage')),
  '/admin/graduation_announcement': lazy(() => import('./notifications/GraduationNotificationPage')),
};

/**
 * Page path → page, as the shell's RemotePage expects. Every declared resource's list and `/nonactive` page
 * comes from its declaration (one generic page); nothing here is written per resource.
 */
const routes: Record<string, ComponentType> = Object.fromEntries(
  mine.flatMap((path): [string, ComponentType][] => {
    const screen = screens[path];
    if (screen) return [[path, screen]];
    const decl = resourceByAdminPath(path);
    return decl ? [[path, resourcePage(decl, path.endsWith('/nonactive'))]] : [];
  }),
);

export default routes;
