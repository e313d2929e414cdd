import { type ComponentType, lazy } from 'react';

const page = (view: 'assign' | 'schedule') =>
  lazy(() => import('./AssignmentPage').then((m) => ({ default: () => <m.AssignmentPage view={view} /> })));

/** The assignment screens (staff put registrants in test sessions), by page; each is its own chunk. */
export const assignmentPages: Record<string, ComponentType> = {
  '/admin/assign_test': page('assign'),
  '/admin/registrant/test': page('schedule'),
};
