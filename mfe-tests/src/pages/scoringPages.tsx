import { type ComponentType, lazy } from 'react';

const ScoreSessionPage = lazy(() =>
  import('../scoring/ScoreSessionPage').then((m) => ({ default: m.ScoreSessionPage })),
);
const ScoreDetailPage = lazy(() => import('./ScoreDetailPage').then((m) => ({ default: m.ScoreDetailPage })));

/** The scoring screens (scores per registrant and subject, health data, counselling notes), by page. */
export const scoringPages: Record<string, ComponentType> = {
  '/admin/score_test': ScoreSessionPage,
  '/admin/score_test/detail': ScoreDetailPage,
};
