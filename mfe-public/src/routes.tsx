import { type ComponentType, lazy } from 'react';

/** Page path → page, as the shell's RemotePage expects. Each page is its own chunk. */
const routes: Record<string, ComponentType> = {
  '/': lazy(() => import('./home/HomePage')),
  '/login': lazy(() => import('./home/LoginRoute')),
  '/admin': lazy(() => import('./admin-login/AdminLoginPage')),
  '/reset-password': lazy(() => import('./reset-password/ResetPasswordRoute')),
  '/verification': lazy(() => import('./verification/VerificationPage')),
  '/contact1': lazy(() => import('./contact/ContactPage')),
  '/interview_announcement': lazy(() => import('./announcement/AnnouncementPage')),
};

export default routes;
