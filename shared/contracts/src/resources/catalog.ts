import type { ResourceDecl } from './types';

/**
 * The routing facts of every declaration the staff console lists: its name, permission module, admin page,
 * labels. They live here, without any zod schema, so the navigation tables (and the shell that boots from
 * them) do not load the declarations. Each declaration spreads its entry (`...RESOURCE_CATALOG.school`), so
 * nothing is written twice. Order = CONSOLE_RESOURCES' order (parents before children, vouchers last).
 */
export type ResourceCatalogEntry = Pick<
  ResourceDecl,
  'name' | 'module' | 'adminPath' | 'label' | 'pageTitle' | 'remote'
>;

export const RESOURCE_CATALOG = {
  school_location: {
    name: 'school_location',
    module: 'Lokasi',
    adminPath: '/admin/location',
    label: 'Lokasi',
    pageTitle: 'Data Lokasi',
  },
  school: {
    name: 'school',
    module: 'Sekolah',
    adminPath: '/admin/school',
    label: 'Sekolah',
    pageTitle: 'Data Sekolah',
  },
  school_year: {
    name: 'school_year',
    module: 'Tahun Ajaran',
    adminPath: '/admin/school_year',
    label: 'Tahun Ajaran',
    pageTitle: 'Data Tahun Ajaran',
  },
  school_period: {
    name: 'school_period',
    module: 'Periode Pendaftaran',
    adminPath: '/admin/school_period',
    label: 'Periode Pendaftaran',
    pageTitle: 'Data Periode Pendaftaran',
  },
  mst_grade: {
    name: 'mst_grade',
    module: 'Jenjang',
    adminPath: '/admin/mst_grade',
    label: 'Jenjang',
    pageTitle: 'Data Jenjang',
  },
  mst_class: {
    name: 'mst_class',
    module: 'Kelas',
    adminPath: '/admin/mst_class',
    label: 'Kelas',
    pageTitle: 'Data Kelas',
  },
  class_period: {
    name: 'class_period',
    module: 'Kelas - Periode Pendaftaran',
    adminPath: '/admin/class_period',
    label: 'Kelas per Periode',
    pageTitle: 'Data Kelas per Periode',
  },
  mst_subject: {
    name: 'mst_subject',
    module: 'Mata Pelajaran',
    adminPath: '/admin/mst_subject',
    label: 'Mata Pelajaran',
    pageTitle: 'Data Mata Pelajaran',
  },
  mst_accepted_status: {
    name: 'mst_accepted_status',
    module: 'Status Penerimaan',
    adminPath: '/admin/mst_accepted_status',
    label: 'Status Penerimaan',
    pageTitle: 'Data Status Penerimaan',
  },
  mst_jalur: {
    name: 'mst_jalur',
    module: 'Tipe Jalur',
    adminPath: '/admin/mst_jalur',
    label: 'Tipe Jalur',
    pageTitle: 'Data Tipe Jalur',
  },
  mst_question: {
    name: 'mst_question',
    module: 'Daftar Pertanyaan',
    adminPath: '/admin/mst_question',
    label: 'Pertanyaan',
    pageTitle: 'Daftar Pertanyaan',
  },
  mst_item: {
    name: 'mst_item',
    module: 'Barang',
    adminPath: '/admin/mst_item',
    label: 'Barang',
    pageTitle: 'Data Barang',
  },
  role: {
    name: 'role',
    module: 'Peran',
    adminPath: '/admin/role',
    label: 'Peran',
    pageTitle: 'Data Peran',
  },
  user: {
    name: 'user',
    module: 'Pengguna',
    adminPath: '/admin/user',
    label: 'Pengguna',
    pageTitle: 'Data Pengguna',
  },
  mst_jurnal: {
    name: 'mst_jurnal',
    module: 'Jenis Finansial',
    adminPath: '/admin/mst_jurnal',
    label: 'Jurnal',
    pageTitle: 'Data Jurnal',
  },
  mst_coa: {
    name: 'mst_coa',
    module: 'Jenis Finansial',
    adminPath: '/admin/mst_coa',
    label: 'Akun (COA)',
    pageTitle: 'Data Akun (COA)',
  },
  mst_resp: {
    name: 'mst_resp',
    module: 'Jenis Finansial',
    adminPath: '/admin/mst_resp',
    label: 'Pusat Pertanggungjawaban',
    pageTitle: 'Data Pusat Pertanggungjawaban',
  },
  mst_type_payment: {
    name: 'mst_type_payment',
    module: 'Tipe Pembayaran',
    adminPath: '/admin/mst_type_payment',
    label: 'Tipe Pembayaran',
    pageTitle: 'Data Tipe Pembayaran',
    remote: 'mfe_payments',
  },
  mst_payment: {
    name: 'mst_payment',
    module: 'Tipe Pembayaran',
    adminPath: '/admin/mst_payment',
    label: 'Komponen Pembayaran',
    pageTitle: 'Data Komponen Pembayaran',
    remote: 'mfe_payments',
  },
  mst_additional_payment: {
    name: 'mst_additional_payment',
    module: 'Pembayaran Tambahan',
    adminPath: '/admin/mst_additional_payment',
    label: 'Pembayaran Tambahan',
    pageTitle: 'Data Pembayaran Tambahan',
    remote: 'mfe_payments',
  },
  school_payment: {
    name: 'school_payment',
    module: 'Pembayaran per Periode Pendaftaran',
    adminPath: '/admin/school_payment',
    label: 'Pembayaran per Periode',
    pageTitle: 'Pembayaran per Periode Pendaftaran',
    remote: 'mfe_payments',
  },
  setup_payment: {
    name: 'setup_payment',
    module: 'Pembayaran per Periode Pendaftaran',
    adminPath: '/admin/setup_payment',
    label: 'Rincian Biaya',
    pageTitle: 'Data Rincian Biaya per Periode',
    remote: 'mfe_payments',
  },
  'us/convenience_fee': {
    name: 'us/convenience_fee',
    module: 'Biaya Admin',
    adminPath: '/admin/convenience_fee',
    label: 'Biaya Admin',
    pageTitle: 'Biaya Admin',
    remote: 'mfe_payments',
  },
  mst_test: {
    name: 'mst_test',
    module: 'Tipe Tes',
    adminPath: '/admin/mst_test',
    label: 'Tipe Tes',
    pageTitle: 'Data Tipe Tes',
    remote: 'mfe_tests',
  },
  mst_room: {
    name: 'mst_room',
    module: 'Ruangan',
    adminPath: '/admin/mst_room',
    label: 'Ruangan Tes',
    pageTitle: 'Data Ruangan Tes',
    remote: 'mfe_tests',
  },
  schedule_test: {
    name: 'schedule_test',
    module: 'Data Tes',
    adminPath: '/admin/schedule_test',
    label: 'Jadwal Tes per Periode',
    pageTitle: 'Jadwal Tes per Periode',
    remote: 'mfe_tests',
  },
  mst_test_detail: {
    name: 'mst_test_detail',
    module: 'Data Tes',
    adminPath: '/admin/mst_test_detail',
    label: 'Data Tes',
    pageTitle: 'Data Tes (Sesi)',
    remote: 'mfe_tests',
  },
  mst_token: {
    name: 'mst_token',
    module: 'Token',
    adminPath: '/admin/token',
    label: 'Voucher',
    pageTitle: 'Data Voucher',
  },
} as const satisfies Record<string, ResourceCatalogEntry>;

/** Name of a resource the staff console lists: the key of every registry kept per resource. */
export type ConsoleResourceName = keyof typeof RESOURCE_CATALOG;

/** Every console resource's facts, in the order of CONSOLE_RESOURCES (the admin ROUTES follow it). */
export const CONSOLE_CATALOG: readonly (ResourceCatalogEntry & { name: ConsoleResourceName })[] =
  Object.values(RESOURCE_CATALOG);
