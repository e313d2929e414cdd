import type { ComponentType } from 'react';
import { NotBuiltYet } from '../NotBuiltYet';

/** The results and graduation screens (publish results, reserve list, recaps), by page. */
export const resultPages: Record<string, ComponentType> = {
  '/admin/registrant/graduation': () => <NotBuiltYet title="Kelulusan" />,
};
