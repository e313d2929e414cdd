import { ROUTES } from '@psb/contracts/core';
import { type ComponentType, lazy } from 'react';

/** This remote's pages in ROUTES: the payment master data (catalog entries with `remote: 'mfe_payments'`). */
const mine = ROUTES.filter((r) => r.remote === 'mfe_payments').map((r) => r.path);

/** Screens around the generic ones, by page; each is its own chunk. */
const screens: Record<string, ComponentType> = {
  '/admin/convenience_fee': lazy(() => import('./pages/ConvenienceFeePage')),
  '/admin/school_payment': lazy(() => import('./pages/SchoolPaymentOverviewPage')),
  '/admin/registrant/payment': lazy(() =>
    import('./pages/BillListPage').then((m) => ({ default: () => <m.BillListPage /> })),
  ),
  '/admin/registrant/payment/nonactive': lazy(() =>
    import('./pages/BillListPage').then((m) => ({ default: () => <m.BillListPage archived /> })),
  ),
  '/admin/uangsekolah/rekonsiliasi': lazy(() => import('./pages/ReconciliationPage')),
  '/admin/uangsekolah/payout': lazy(() => import('./pages/PayoutPage')),
  '/admin/registrant/detailorder': lazy(() =>
    import('./pages/OrderListPage').then((m) => ({ default: () => <m.OrderListPage /> })),
  ),
  '/admin/registrant/detailorder/nonactive': lazy(() =>
    import('./pages/OrderListPage').then((m) => ({ default: () => <m.OrderListPage nonactive /> })),
  ),
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
