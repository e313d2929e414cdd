import type { ModuleName } from './modules';
import { CONSOLE_CATALOG } from './resources/catalog';
import { ROLE } from './roles';
import type { AdminNavGroupLabel } from './sidebar';

/** Module Federation names of the remotes (folder `mfe-x` ↔ name `mfe_x`). */
export const REMOTES = [
  'mfe_public',
  'mfe_parent',
  'mfe_registrants',
  'mfe_payments',
  'mfe_master_data',
  'mfe_reports',
  'mfe_tests',
] as const;
export type RemoteName = (typeof REMOTES)[number];

export type RouteArea = 'public' | 'parent' | 'admin';

/** A page the shell routes to. `remote: 'shell'` pages are built into the shell itself. */
export interface RouteEntry {
  path: string;
  remote: RemoteName | 'shell';
  area: RouteArea;
  /** Roles that may open it; public routes have none. */
  roles?: readonly string[];
  /**
   * Every module the page reads, its own first, then those it cannot work without (a picker that must be
   * filled, the list it chooses from). Declared here once: the menus show the page, and the shell opens it,
   * only with read on all of them.
   */
  modules?: readonly ModuleName[];
  /** Needs a chosen registrant (registrant_id in the session), otherwise → /home. */
  needsRegistrant?: boolean;
  title: string;
  /** The page's admin sidebar entry, if it has one: declared with the page, so the sidebar is derived. */
  nav?: NavEntry;
}

/**
 * Where a page sits in the admin sidebar: its group, its place in the group (entries are drawn by `order`,
 * after the group's resource lists) and its label when the menu says it shorter than the page title.
 */
export interface NavEntry {
  group: AdminNavGroupLabel;
  order: number;
  label?: string;
}
const nav = (group: AdminNavGroupLabel, order: number, label?: string): NavEntry =>
  label ? { group, order, label } : { group, order };

const STAFF = [ROLE.superadmin, ROLE.teacher] as const;
const ALL = ['all'] as const;

/**
 * mfe-reports' pages: one per report (module Laporan), before ROUTES which spreads them. The names and titles are those of the report
 * declarations in `@psb/contracts/reports` (kept here without zod, for the boot path; a test holds them equal).
 */
export const REPORT_PAGES = [
  ['payment_report', 'Laporan Pembayaran'],
  ['registrant_payment_report', 'Pembayaran Calon Murid'],
  ['registrant_payment_report_school', 'Pembayaran Calon Murid per Sekolah'],
  ['statistic_payment_report', 'Statistik Pembayaran'],
  ['comparison_internal', 'Perbandingan Internal'],
  ['item_report', 'Laporan Barang'],
  ['registrant_installment_payment_report', 'Cicilan Pembayaran Calon Murid'],
  ['registrant_payment_per_year', 'Pembayaran per Tahun Ajaran'],
  ['accounting_journal', 'Jurnal Akuntansi'],
  ['offers_report', 'Laporan Penawaran Kursi'],
] as const;

/**
 * Every routable page. A remote adds its pages here; the shell builds its router from this table and loads
 * the owning remote only when the page is opened.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', remote: 'mfe_public', area: 'public', title: 'Beranda' },
  { path: '/login', remote: 'mfe_public', area: 'public', title: 'Masuk' },
  { path: '/reset-password', remote: 'mfe_public', area: 'public', title: 'Atur Ulang Kata Sandi' },
  { path: '/verification', remote: 'mfe_public', area: 'public', title: 'Verifikasi Email' },
  { path: '/admin', remote: 'mfe_public', area: 'public', title: 'Masuk Admin' },
  { path: '/contact1', remote: 'mfe_public', area: 'public', title: 'Kontak' },
  { path: '/interview_announcement', remote: 'mfe_public', area: 'public', title: 'Pengumuman Wawancara' },
  { path: '/status', remote: 'mfe_public', area: 'public', title: 'Status Pendaftaran' },
  { path: '/faq1', remote: 'mfe_public', area: 'public', title: 'FAQ' },
  { path: '/guide1', remote: 'mfe_public', area: 'public', title: 'Panduan' },
  ...['documents', 'general', 'registration', 'payment'].map(
    (topic): RouteEntry => ({ path: `/faq/${topic}`, remote: 'mfe_public', area: 'public', title: 'FAQ' }),
  ),
  ...['register', 'payment', 'biodata'].map(
    (step): RouteEntry => ({
      path: `/registration_steps/${step}`,
      remote: 'mfe_public',
      area: 'public',
      title: 'Langkah Pendaftaran',
    }),
  ),
  { path: '/404', remote: 'shell', area: 'public', title: 'Halaman tidak ditemukan' },
  { path: '/401', remote: 'shell', area: 'public', title: 'Tidak memiliki akses' },

  { path: '/home', remote: 'mfe_parent', area: 'parent', roles: ALL, title: 'Beranda' },
  { path: '/profile', remote: 'mfe_parent', area: 'parent', roles: ALL, title: 'Profil' },
  { path: '/schedule_period', remote: 'mfe_parent', area: 'parent', roles: ALL, title: 'Jadwal Pendaftaran' },
  {
    path: '/registrant',
    remote: 'mfe_parent',
    area: 'parent',
    roles: ALL,
    needsRegistrant: true,
    title: 'Calon Murid',
  },
  {
    path: '/registrant/survey',
    remote: 'mfe_parent',
    area: 'parent',
    roles: ALL,
    needsRegistrant: true,
    title: 'Formulir Calon Murid',
  },
  // Information pages of the parent area are mfe-public's pages (the same components as /faq1, /contact1 …).
  { path: '/faq', remote: 'mfe_public', area: 'parent', roles: ALL, modules: ['FAQ'], title: 'FAQ' },
  {
    path: '/contact',
    remote: 'mfe_public',
    area: 'parent',
    roles: ALL,
    modules: ['Contact'],
    title: 'Kontak',
  },
  {
    path: '/guide',
    remote: 'mfe_public',
    area: 'parent',
    roles: ALL,
    modules: ['Panduan PSB'],
    title: 'Panduan',
  },
  {
    path: '/announcement',
    remote: 'mfe_public',
    area: 'parent',
    roles: ALL,
    modules: ['Pengumuman'],
    title: 'Pengumuman',
  },
  {
    path: '/parent/interview_announcement',
    remote: 'mfe_public',
    area: 'parent',
    roles: ALL,
    modules: ['Panduan PSB'],
    title: 'Pengumuman Wawancara',
  },

  { path: '/admin/dashboard', remote: 'mfe_master_data', area: 'admin', roles: STAFF, title: 'Dashboard' },
  ...masterDataRoutes(),
  ...paymentRoutes(),
  ...reportRoutes(),
  ...testRoutes(),
  ...registrantRoutes(),
];

// Function declarations below (hoisted), so ROUTES above can spread what they build.
function staffPage(remote: RemoteName) {
  return (
    path: string,
    modules: ModuleName | readonly ModuleName[],
    title: string,
    entry?: NavEntry,
  ): RouteEntry => ({
    path,
    remote,
    area: 'admin',
    roles: STAFF,
    modules: typeof modules === 'string' ? [modules] : modules,
    title,
    ...(entry ? { nav: entry } : {}),
  });
}

/** mfe-registrants' pages: the staff list, its archive, one registrant, assisted registration, the legger. */
function registrantRoutes(): RouteEntry[] {
  const page = staffPage('mfe_registrants');
  const MURID = 'Manajemen Murid';
  return [
    page('/admin/registrant', 'Calon Murid', 'Calon Murid', nav(MURID, 10)),
    page(
      '/admin/registrant/nonactive',
      'Calon Murid',
      'Calon Murid Non-Aktif',
      nav(MURID, 70, 'Data Non-Aktif'),
    ),
    page('/admin/registrant/detail', 'Calon Murid', 'Detail Calon Murid'),
    page('/admin/registrant/documents', 'Calon Murid', 'Verifikasi Dokumen', nav(MURID, 15)),
    page('/admin/registrant/document_settings', 'Calon Murid', 'Pengaturan Dokumen'),
    page('/admin/registrant/assisted', 'Calon Murid', 'Daftarkan Pendaftar'),
    page('/admin/registrant/internal', 'Calon Murid', 'Murid Internal'),
    page('/admin/registrant/offers', 'Kelulusan', 'Penawaran Kursi', nav(MURID, 35)),
    {
      ...page(
        '/admin/registrant/legger',
        ['Legger Murid', 'Periode Pendaftaran'],
        'Legger Murid',
        nav(MURID, 60),
      ),
      roles: [ROLE.superadmin],
    },
  ];
}

/** The remote serving a catalog resource's list pages. */
export function resourceRemote(r: { remote?: RemoteName }): RemoteName {
  return r.remote ?? 'mfe_master_data';
}

/** A remote's resource list (`adminPath`) and archived list (`adminPath/nonactive`) pages, from the catalog. */
function resourceRoutes(remote: RemoteName): RouteEntry[] {
  const page = staffPage(remote);
  return CONSOLE_CATALOG.filter((r) => resourceRemote(r) === remote).flatMap((r) => [
    page(r.adminPath, r.module, r.pageTitle),
    page(`${r.adminPath}/nonactive`, r.module, `${r.pageTitle} Non-Aktif`),
  ]);
}

/**
 * mfe-payments' pages: the payment master data (catalog entries with `remote: 'mfe_payments'`; the convenience
 * fee and school payment lists are its own screens around the generic ones).
 */
function paymentRoutes(): RouteEntry[] {
  const page = staffPage('mfe_payments');
  return [
    ...resourceRoutes('mfe_payments'),
    page('/admin/registrant/payment', 'Pembayaran', 'Pembayaran', nav('Manajemen Murid', 40)),
    page('/admin/registrant/payment/nonactive', 'Pembayaran', 'Pembayaran Non-Aktif'),
    page('/admin/uangsekolah/rekonsiliasi', 'Rekonsiliasi', 'Rekonsiliasi', nav('Uang Sekolah', 10)),
    page('/admin/uangsekolah/payout', 'Rekonsiliasi', 'Pencairan Dana', nav('Uang Sekolah', 20)),
    page('/admin/registrant/detailorder', 'Pembayaran', 'Pesanan Barang', nav('Manajemen Murid', 50)),
    page('/admin/registrant/detailorder/nonactive', 'Pembayaran', 'Pesanan Barang Non-Aktif'),
  ];
}

function reportRoutes(): RouteEntry[] {
  const page = staffPage('mfe_reports');
  return REPORT_PAGES.map(([name, title], i) =>
    page(`/admin/report/${name}`, 'Laporan', title, nav('Laporan', (i + 1) * 10)),
  );
}

/**
 * mfe-tests' pages: the test master data (catalog entries with `remote: 'mfe_tests'`), the assignment of
 * registrants to sessions, scoring, and the results and graduation screens.
 */
function testRoutes(): RouteEntry[] {
  const page = staffPage('mfe_tests');
  const SEAT_PICKERS = ['Periode Pendaftaran', 'Tipe Tes'] as const;
  return [
    ...resourceRoutes('mfe_tests'),
    // Both list nothing until a period and a test type are picked.
    page('/admin/assign_test', ['Assign Tes', ...SEAT_PICKERS], 'Assign Tes', nav('Manajemen Data', 30)),
    page(
      '/admin/registrant/test',
      ['Jadwal Tes/Observasi', ...SEAT_PICKERS],
      'Jadwal Tes/Observasi',
      nav('Manajemen Murid', 20),
    ),
    page(
      '/admin/appointments',
      ['Jadwal Tes/Observasi', 'Periode Pendaftaran'],
      'Jadwal Wawancara/Observasi',
      nav('Manajemen Murid', 25),
    ),
    // The session to score is picked from Data Tes.
    page('/admin/score_test', ['Penilaian Tes', 'Data Tes'], 'Penilaian Tes', nav('Manajemen Data', 40)),
    page('/admin/score_test/detail', 'Penilaian Tes', 'Penilaian Tes per Sesi'),
    page('/admin/registrant/graduation', 'Kelulusan', 'Kelulusan', nav('Manajemen Murid', 30)),
  ];
}

/**
 * mfe-master-data's pages: every declared resource's list (`adminPath`) and archived list
 * (`adminPath/nonactive`), generated from the resource catalog (the declarations' routing facts without their
 * zod schemas, so the shell's boot path never loads those), plus the screens next to the engine.
 * A function declaration (hoisted) so ROUTES above can spread it.
 */
function masterDataRoutes(): RouteEntry[] {
  const page = staffPage('mfe_master_data');
  const SET = 'Pengaturan';
  return [
    ...resourceRoutes('mfe_master_data'),
    // Both edit one role at a time, picked from Peran.
    page('/admin/role_modules', ['Hak Akses', 'Peran'], 'Hak Akses', nav('Manajemen Data', 20)),
    page(
      '/admin/role_school',
      ['Peran Antara Sekolah', 'Peran'],
      'Peran Antara Sekolah',
      nav('Manajemen Data', 10),
    ),
    // Pengaturan: content editors and document formats.
    page('/admin/faq', 'FAQ', 'FAQ', nav(SET, 10)),
    page('/admin/contact', 'Contact', 'Kontak', nav(SET, 20)),
    page('/admin/guide', 'Panduan PSB', 'Panduan', nav(SET, 30)),
    page('/admin/announcement', 'Pengumuman', 'Pengumuman', nav(SET, 40)),
    page('/admin/dashboard_parent', 'Beranda', 'Beranda', nav(SET, 50)),
    page('/admin/config', 'Konfigurasi', 'Konfigurasi', nav(SET, 60)),
    page('/admin/privacy', 'Konfigurasi', 'Persetujuan Data Pribadi', nav(SET, 65, 'Persetujuan Data')),
    page(
      '/admin/privacy_requests',
      'Konfigurasi',
      'Permintaan Data Pribadi',
      nav(SET, 66, 'Permintaan Data'),
    ),
    page('/admin/testcard', 'Kartu Tes', 'Format Kartu Tes', nav(SET, 80, 'Kartu Tes')),
    page('/admin/testresult', 'Hasil Tes', 'Format Hasil Tes', nav(SET, 90, 'Hasil Tes')),
    page('/admin/spotc', 'SPOTC', 'Format SPOTC', nav(SET, 100, 'SPOTC')),
    page('/admin/recap', 'Rekap Murid', 'Format Rekap Formulir', nav(SET, 70, 'Rekap Formulir')),
    page(
      '/admin/graduationrecap',
      'Kelulusan',
      'Format Surat Kelulusan',
      nav(SET, 110, 'Rekap Surat Kelulusan'),
    ),
    page(
      '/admin/test_announcement',
      'Notifikasi (Jadwal Tes/Observasi)',
      'Notifikasi Jadwal Tes/Observasi',
      nav(SET, 120, 'Notifikasi Jadwal Tes'),
    ),
    page('/admin/graduation_announcement', 'Notifikasi (Kelulusan)', 'Notifikasi Kelulusan', nav(SET, 130)),
    page('/admin/jobs', 'Konfigurasi', 'Tugas Latar', nav(SET, 140)),
  ];
}

export function routeFor(path: string, routes: readonly RouteEntry[] = ROUTES): RouteEntry | undefined {
  return routes.find((r) => r.path === path);
}
