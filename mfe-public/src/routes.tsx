import { type ComponentType, lazy } from 'react';
import type { FaqTopic, StepKey } from './info/area';

const faq = (topic?: FaqTopic) =>
  lazy(() => import('./info/FaqPage').then(({ FaqPage }) => ({ default: () => <FaqPage topic={topic} /> })));
const steps = (step: StepKey) =>
  lazy(() =>
    import('./info/RegistrationStepsPage').then(({ RegistrationStepsPage }) => ({
      default: () => <RegistrationStepsPage step={step} />,
    })),
  );
const contact = lazy(() => import('./contact/ContactPage'));
const guide = lazy(() => import('./info/GuidePage'));
const interview = lazy(() => import('./info/InterviewAnnouncementPage'));

/**
 * Page path → page, as the shell's RemotePage expects. Each page is its own chunk. The information pages
 * also serve the parent area (/faq, /contact, /guide, /announcement, /parent/interview_announcement): ROUTES
 * points those paths at this remote with area 'parent'.
 */
const routes: Record<string, ComponentType> = {
  '/': lazy(() => import('./home/HomePage')),
  '/login': lazy(() => import('./home/LoginRoute')),
  '/admin': lazy(() => import('./admin-login/AdminLoginPage')),
  '/reset-password': lazy(() => import('./reset-password/ResetPasswordRoute')),
  '/verification': lazy(() => import('./verification/VerificationPage')),
  '/contact1': contact,
  '/contact': contact,
  '/faq1': faq(),
  '/faq': faq(),
  '/faq/documents': faq('documents'),
  '/faq/general': faq('general'),
  '/faq/registration': faq('registration'),
  '/faq/payment': faq('payment'),
  '/guide1': guide,
  '/guide': guide,
  '/registration_steps/register': steps('register'),
  '/registration_steps/payment': steps('payment'),
  '/registration_steps/biodata': steps('biodata'),
  '/interview_announcement': interview,
  '/parent/interview_announcement': interview,
  '/announcement': lazy(() => import('./announcement/AnnouncementPage')),
  '/status': lazy(() => import('./status/StatusPage')),
};

export default routes;
