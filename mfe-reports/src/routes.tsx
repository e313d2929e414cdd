import { ROUTES } from '@psb/contracts/core';
import { type ComponentType, lazy } from 'react';

/** This remote's pages in ROUTES: one per report, `/admin/report/<name>`. */
const mine = ROUTES.filter((r) => r.remote === 'mfe_reports').map((r) => r.path);

/**
 * Page path → page, as the shell's RemotePage expects. Every report is the same page built from its
 * declaration (one chunk for all of them).
 */
const reportPage = (path: string): ComponentType =>
  lazy(() =>
    import('./pages/ReportPage').then((m) => {
      const name = path.slice('/admin/report/'.length) as Parameters<typeof m.ReportPage>[0]['name'];
      return { default: () => <m.ReportPage name={name} /> };
    }),
  );

const routes: Record<string, ComponentType> = Object.fromEntries(
  mine.map((path): [string, ComponentType] => [path, reportPage(path)]),
);

export default routes;
