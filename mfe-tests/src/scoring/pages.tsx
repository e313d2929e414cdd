import type { ComponentType } from 'react';
import { NotBuiltYet } from '../NotBuiltYet';

/** The scoring screens (scores per registrant and subject, health data, counselling notes), by page. */
export const scoringPages: Record<string, ComponentType> = {
  '/admin/score_test': () => <NotBuiltYet title="Penilaian Tes" />,
  '/admin/score_test/detail': () => <NotBuiltYet title="Penilaian Tes per Sesi" />,
};
