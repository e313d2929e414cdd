import type { ModuleName } from './modules';
import { type RemoteName, ROUTES, type RouteEntry, routeFor } from './navigation';
import { CONSOLE_CATALOG, type ConsoleResourceName } from './resources/catalog';

/** A sidebar entry: its label, and the page's own facts (remote, roles, modules) taken from its route. */
export interface NavItem {
  label: string;
  path: string;
  remote: RemoteName;
  modules: readonly ModuleName[];
  roles?: readonly string[];
}
export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/**
 * A sidebar entry for a routed page: everything but its label comes from the page's ROUTES entry, so what
 * the page needs is declared once. A path without a page has no entry.
 */
function navItem(label: string, path: string): NavItem[] {
  const route = routeFor(path);
  return route ? itemOf(route, label) : [];
}
function itemOf({ path, remote, modules = [], roles }: RouteEntry, label: string): NavItem[] {
  if (remote === 'shell') return [];
  return [roles ? { label, path, remote, modules, roles } : { label, path, remote, modules }];
}

/** The pages (other than resource lists) that declare an entry in this sidebar group, in their order. */
function declaredEntries(group: AdminNavGroupLabel): NavItem[] {
  return ROUTES.flatMap((route) => (route.nav?.group === group ? [{ route, nav: route.nav }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .flatMap(({ route, nav }) => itemOf(route, nav.label ?? route.title));
}

/** The admin sidebar's groups, in the order drawn. */
export const ADMIN_NAV_GROUPS = [
  'Manajemen Murid',
  'Manajemen Data',
  'Manajemen Sekolah',
  'Data Pembayaran',
  'Keuangan',
  'Laporan',
  'Uang Sekolah',
  'Pengaturan',
] as const;
export type AdminNavGroupLabel = (typeof ADMIN_NAV_GROUPS)[number];

/**
 * The sidebar group of every resource the staff console lists. Keyed by the catalog's names, so a resource
 * added to the catalog does not typecheck until it has a place here: a routed resource page cannot be left
 * out of the sidebar. Label, path and permission module come from the catalog, never retyped.
 */
export const RESOURCE_NAV_GROUP: Record<ConsoleResourceName, AdminNavGroupLabel> = {
  school_location: 'Manajemen Sekolah',
  school: 'Manajemen Sekolah',
  school_year: 'Manajemen Sekolah',
  school_period: 'Manajemen Sekolah',
  mst_grade: 'Manajemen Data',
  mst_class: 'Manajemen Data',
  class_period: 'Manajemen Sekolah',
  mst_subject: 'Manajemen Data',
  mst_accepted_status: 'Manajemen Data',
  mst_jalur: 'Manajemen Sekolah',
  mst_question: 'Manajemen Data',
  mst_item: 'Manajemen Data',
  role: 'Manajemen Data',
  user: 'Manajemen Data',
  mst_jurnal: 'Keuangan',
  mst_coa: 'Keuangan',
  mst_resp: 'Keuangan',
  mst_token: 'Manajemen Data',
  mst_type_payment: 'Data Pembayaran',
  mst_payment: 'Data Pembayaran',
  mst_additional_payment: 'Data Pembayaran',
  school_payment: 'Data Pembayaran',
  setup_payment: 'Data Pembayaran',
  'us/convenience_fee': 'Data Pembayaran',
  mst_test: 'Manajemen Data',
  mst_room: 'Manajemen Data',
  schedule_test: 'Manajemen Data',
  mst_test_detail: 'Manajemen Data',
};

/**
 * The admin sidebar: per group, its resource list pages (from the catalog, in catalog order) then the pages
 * that declare an entry in it (their `nav`). An entry is drawn only when its remote is in the registry and the
 * role may read its modules — so entries of screens not deployed stay hidden.
 */
export const ADMIN_NAV: readonly NavGroup[] = ADMIN_NAV_GROUPS.map((label) => ({
  label,
  items: [
    ...CONSOLE_CATALOG.filter((r) => RESOURCE_NAV_GROUP[r.name] === label).flatMap((r) =>
      navItem(r.label, r.adminPath),
    ),
    ...declaredEntries(label),
  ],
}));

/**
 * The name staff know a permission module by: the sidebar label of the one page it opens (`Token` →
 * `Voucher`, `Contact` → `Kontak`). A module behind several pages (Laporan, Calon Murid) keeps its own name.
 */
export function moduleLabel(module: ModuleName | string): string {
  const pages = ADMIN_NAV.flatMap((g) => g.items).filter((i) => i.modules[0] === module);
  return pages.length === 1 ? pages[0]!.label : module;
}

/** Parent navbar; an entry shows only with read on every module of its page (its ROUTES entry). */
export const PARENT_NAV: readonly { label: string; path: string }[] = [
  { label: 'Home', path: '/home' },
  { label: 'Pengumuman Wawancara', path: '/parent/interview_announcement' },
  { label: 'Pengumuman', path: '/announcement' },
  { label: 'Kontak', path: '/contact' },
];

/** Public navbar (plus the login and register buttons the shell draws). */
export const PUBLIC_NAV: readonly { label: string; path: string }[] = [
  { label: 'Home', path: '/' },
  { label: 'Contact', path: '/contact1' },
  { label: 'Pengumuman', path: '/interview_announcement' },
  { label: 'Status', path: '/status' },
];

/**
 * The one wording of a refused page or list: "Anda tidak memiliki akses ke Tipe Tes dan Data Tes." — the
 * modules by the names staff know them by (the Hak Akses page shows the same names).
 */
export function noAccessMessage(modules: readonly string[]): string {
  const names = modules.map(moduleLabel);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} dan ${names.at(-1)}` : (names[0] ?? 'halaman ini');
  return `Anda tidak memiliki akses ke ${list}.`;
}
