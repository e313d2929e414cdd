import type { ComponentType } from 'react';
import { NotBuiltYet } from '../NotBuiltYet';

/** The assignment screens (staff put registrants in test sessions), by page; each is its own chunk. */
export const assignmentPages: Record<string, ComponentType> = {
  '/admin/assign_test': () => <NotBuiltYet title="Assign Tes" />,
  '/admin/registrant/test': () => <NotBuiltYet title="Jadwal Tes/Observasi" />,
};
