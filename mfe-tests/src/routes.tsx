import { ROUTES } from '@psb/contracts/core';
import { type ComponentType, lazy } from 'react';
import { appointmentPages } from './pages/appointmentPages';
import { assignmentPages } from './pages/assignmentPages';
import { cardPages } from './pages/cardPages';
import { resultPages } from './pages/resultPages';
import { scoringPages } from './pages/scoringPages';

/** This remote's pages in ROUTES: the test master data and the screens of each feature folder. */
const mine = ROUTES.filter((r) => r.remote === 'mfe_tests').map((r) => r.path);

/** Screens around the generic ones, by page: each feature folder owns its own table. */
const screens: Record<string, ComponentType> = {
  ...assignmentPages,
  ...appointmentPages,
  ...scoringPages,
  ...cardPages,
  ...resultPages,
};

/**
 * Page path → page, as the shell's RemotePage expects. Every other page is a declared resource's generic list
 * or `/nonactive` list, found by its path (the declarations load with that chunk, not with this table).
 */
const resourcePage = (path: string): ComponentType =>
  lazy(() => import('./pages/resourcePage').then((m) => ({ default: m.resourcePageFor(path) })));

const routes: Record<string, ComponentType> = Object.fromEntries(
  mine.map((path): [string, ComponentType] => [path, screens[path] ?? resourcePage(path)]),
);

export default routes;
