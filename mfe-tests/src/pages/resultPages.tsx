import { type ComponentType, lazy } from 'react';

const GraduationPage = lazy(() =>
  import('../results/GraduationPage').then((m) => ({ default: m.GraduationPage })),
);

/** The results and graduation screens (publish results, reserve list, recaps), by page. */
export const resultPages: Record<string, ComponentType> = {
  '/admin/registrant/graduation': GraduationPage,
};
