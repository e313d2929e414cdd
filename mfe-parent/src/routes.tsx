import { type ComponentType, lazy } from 'react';

/** Page path → page, as the shell's RemotePage expects. Each page is its own chunk. */
const routes: Record<string, ComponentType> = {
  '/home': lazy(() => import('./dashboard/DashboardPage')),
  '/profile': lazy(() => import('./profile/ProfilePage')),
  '/schedule_period': lazy(() => import('./schedule/SchedulePeriodPage')),
  '/registrant': lazy(() => import('./registrant/RegistrantPage')),
  '/registrant/survey': lazy(() => import('./survey/SurveyPage')),
};

export default routes;
