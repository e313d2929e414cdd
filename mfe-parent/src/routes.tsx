import { type ComponentType, lazy } from 'react';
// The home is where every parent lands (after login, and from the logo), so it travels with the route map:
// the server announces the route map's files with the HTML, and a separate chunk would be one more round
// trip, found only once the route map has run, before the greeting can paint.
import DashboardPage from './dashboard/DashboardPage';

/** Page path → page, as the shell's RemotePage expects. Each other page is its own chunk. */
const routes: Record<string, ComponentType> = {
  '/home': DashboardPage,
  '/profile': lazy(() => import('./profile/ProfilePage')),
  '/schedule_period': lazy(() => import('./schedule/SchedulePeriodPage')),
  '/registrant': lazy(() => import('./registrant/RegistrantPage')),
  '/registrant/survey': lazy(() => import('./survey/SurveyPage')),
};

export default routes;
