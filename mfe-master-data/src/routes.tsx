import { ROUTES } from '@psb/contracts/core';
import { resourceByAdminPath } from '@psb/contracts/resources';
import { type ComponentType, lazy } from 'react';
// The dashboard is where every staff member lands after login, so it travels with the route map: the server
// announces the route map's files with the HTML, and a separate chunk would be one more round trip, found
// only once the route map has run, before the dashboard can paint.
import DashboardPage from './dashboard/DashboardPage';
import { resourcePage } from './resources/resourcePage';

/** This remote's pages in ROUTES (the navigation table of @psb/contracts). */
const mine = ROUTES.filter((r) => r.remote === 'mfe_master_data').map((r) => r.path);

/** Document format editors by page (one component, one chunk, for every kind). */
const DOCUMENT_PAGES = [
  ['/admin/testcard', 'test_card'],
  ['/admin/testresult', 'result_card'],
  ['/admin/spotc', 'spotc'],
  ['/admin/recap', 'recap'],
  ['/admin/graduationrecap', 'graduation'],
] as const;

/** Screens next to the engine; each other one is its own chunk. */
const screens: Record<string, ComponentType> = {
  '/admin/dashboard': DashboardPage,
  '/admin/role_modules': lazy(() => import('./roles/RoleModulesPage')),
  '/admin/role_school': lazy(() => import('./roles/RoleSchoolPage')),
  '/admin/faq': lazy(() => import('./settings/FaqSettingsPage')),
  '/admin/contact': lazy(() => import('./settings/ContactSettingsPage')),
  '/admin/guide': lazy(() => import('./settings/GuideSettingsPage')),
  '/admin/announcement': lazy(() => import('./settings/AnnouncementSettingsPage')),
  '/admin/dashboard_parent': lazy(() => import('./settings/HomeSettingsPage')),
  '/admin/config': lazy(() => import('./settings/ConfigSettingsPage')),
  ...Object.fromEntries(
    DOCUMENT_PAGES.map(([path, kind]) => [
      path,
      lazy(() =>
        import('./documents/DocumentFormatPage').then((m) => ({ default: m.documentFormatPage(kind) })),
      ),
    ]),
  ),
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
