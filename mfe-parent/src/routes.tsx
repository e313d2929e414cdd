import { type ComponentType, lazy } from 'react';
// The home is where every parent lands (after login, and from the logo), so it travels with the route map:
// the server announces the route map's files with the HTML, and a separate chunk would be one more round
// trip, found only once the route map has run, before the greeting can paint. For the same reason nothing
// this file loads at once may need zod or the contract's schemas (the shared modules a chunk uses are fetched
// and run before it): the home's answers are typed by the contract, its constants come from zod-free entries,
// and a call that parses loads its schema with the call.
import DashboardPage from './pages/DashboardPage';

/** Page path → page, as the shell's RemotePage expects. Each other page is its own chunk. */
const routes: Record<string, ComponentType> = {
  '/home': DashboardPage,
  '/profile': lazy(() => import('./pages/ProfilePage')),
  '/schedule_period': lazy(() => import('./pages/SchedulePeriodPage')),
  '/registrant': lazy(() => import('./pages/RegistrantPage')),
  '/registrant/survey': lazy(() => import('./pages/SurveyPage')),
};

export default routes;
