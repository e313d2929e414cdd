import { useLocation } from '@psb/router';

/**
 * The information pages serve the public site (/faq1, /guide1, /contact1 …) and the parent area (/faq,
 * /guide, /contact …) with one component each; links stay inside the area the visitor is in.
 */
export function useInfoLinks() {
  const { pathname } = useLocation();
  const parent =
    pathname === '/faq' ||
    pathname === '/guide' ||
    pathname === '/contact' ||
    pathname === '/announcement' ||
    pathname.startsWith('/parent/');
  return {
    parent,
    faq: parent ? '/faq' : '/faq1',
    guide: parent ? '/guide' : '/guide1',
    contact: parent ? '/contact' : '/contact1',
    interview: parent ? '/parent/interview_announcement' : '/interview_announcement',
  };
}

export { FAQ_TOPICS, type FaqTopic } from '@psb/contracts/core';

export const STEP_KEYS = ['register', 'payment', 'biodata'] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export const STEP_LABELS: Record<StepKey, string> = {
  register: 'Pendaftaran',
  payment: 'Pembayaran',
  biodata: 'Biodata',
};
