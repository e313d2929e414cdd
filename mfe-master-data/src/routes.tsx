import { CONSOLE_CATALOG, ROUTES } from '@psb/contracts/core';
import { type ComponentType, lazy } from 'react';
import { startDashboardRequests } from './dashboard/api/dashboard';
// The dashboard is where every staff member lands after login, so it travels with the route map: the server
// announces the route map's files with the HTML, and a separate chunk would be one more round trip, found
// only once the route map has run, before the dashboard can paint. For the same reason nothing this file
// loads at once may need zod, the resource declarations or the resource engine (the shared modules a chunk
// uses are fetched and run before it): the other pages are chunks of their own.
import DashboardPage from './pages/DashboardPage';

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
  '/admin/role_modules': lazy(() => import('./pages/RoleModulesPage')),
  '/admin/role_school': lazy(() => import('./pages/RoleSchoolPage')),
  '/admin/faq': lazy(() => import('./pages/FaqSettingsPage')),
  '/admin/contact': lazy(() => import('./pages/ContactSettingsPage')),
  '/admin/guide': lazy(() => import('./pages/GuideSettingsPage')),
  '/admin/announcement': lazy(() => import('./pages/AnnouncementSettingsPage')),
  '/admin/dashboard_parent': lazy(() => import('./pages/HomeSettingsPage')),
  '/admin/config': lazy(() => import('./pages/ConfigSettingsPage')),
  '/admin/privacy': lazy(() => import('./pages/PrivacySettingsPage')),
  '/admin/privacy_requests': lazy(() => import('./pages/PrivacyRequestsPage')),
  ...Object.fromEntries(
    DOCUMENT_PAGES.map(([path, kind]) => [
      path,
      lazy(() => import('./pages/DocumentFormatPage').then((m) => ({ default: m.documentFormatPage(kind) }))),
    ]),
  ),
  '/admin/jobs': lazy(() => import('./pages/JobsPage')),
  '/admin/test_announcement': lazy(() => import('./pages/TestScheduleNotificationPage')),
  '/admin/graduation_announcement': lazy(() => import('./pages/GraduationNotificationPage')),
};

/** Is this one of the console's resource lists (or archived lists)? Told by the zod-free catalog. */
const isResourcePage = (path: string) =>
  CONSOLE_CATALOG.some((r) => path === r.adminPath || path === `${r.adminPath}/nonactive`);

/** A resource's list page, from its declaration, in the chunk that brings the declarations and the engine. */
const resourceScreen = (path: string) =>
  lazy(() => import('./pages/resourcePage').then((m) => ({ default: m.resourcePageAt(path) })));

/**
 * Page path → page, as the shell's RemotePage expects. Every declared resource's list and `/nonactive` page
 * comes from its declaration (one generic page); nothing here is written per resource.
 */
const routes: Record<string, ComponentType> = Object.fromEntries(
  mine.flatMap((path): [string, ComponentType][] => {
    const screen = screens[path];
    if (screen) return [[path, screen]];
    return isResourcePage(path) ? [[path, resourceScreen(path)]] : [];
  }),
);

// Opened straight on the landing page: its data leaves now, while React draws the layout and the greeting.
if (typeof location !== 'undefined' && location.pathname === '/admin/dashboard')
  startDashboardRequests(location.search);

export default routes;
