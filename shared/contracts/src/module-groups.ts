import type { ModuleName } from './modules';

/**
 * Every permission module, grouped as the roles screen shows them. Its own entry
 * (`@psb/contracts/module-groups`), not part of `@psb/contracts/core`: the shell loads core on every first
 * load, and nothing there needs the list.
 */
export const MODULE_GROUPS = {
  'Murid dan Pengguna': [
    'Token',
    'Pengguna',
    'Calon Murid',
    'Jadwal Tes/Observasi',
    'Kelulusan',
    'Pembayaran',
    'Legger Murid',
    'Data Sensitif',
  ],
  'Data Pembayaran': ['Tipe Pembayaran', 'Pembayaran Tambahan', 'Barang'],
  'Peran dan Data Sekolah': [
    'Peran',
    'Peran Antara Sekolah',
    'Jenjang',
    'Mata Pelajaran',
    'Kelas',
    'Status Penerimaan',
    'Daftar Pertanyaan',
    'Hak Akses',
    'Lokasi',
    'Tahun Ajaran',
    'Tipe Jalur',
    'Sekolah',
    'Periode Pendaftaran',
  ],
  'Data per Periode': ['Pembayaran per Periode Pendaftaran', 'Kelas - Periode Pendaftaran'],
  Keuangan: ['Jenis Finansial', 'Pembayaran Finansial'],
  'Pengaturan dan Konten': [
    'FAQ',
    'Contact',
    'Panduan PSB',
    'Pengumuman',
    'Konfigurasi',
    'Biaya Admin',
    'Beranda',
  ],
  'Formulir, Kartu dan Laporan': ['Rekap Murid', 'Kartu Tes', 'Hasil Tes', 'SPOTC', 'Laporan'],
  Notifikasi: ['Notifikasi (Jadwal Tes/Observasi)', 'Notifikasi (Kelulusan)'],
  Rekonsiliasi: ['Rekonsiliasi'],
  Tes: ['Tipe Tes', 'Ruangan', 'Data Tes', 'Assign Tes', 'Penilaian Tes'],
} as const;

export const MODULE_NAMES: readonly ModuleName[] = Object.values(MODULE_GROUPS).flat();

export function isModuleName(value: string): value is ModuleName {
  return (MODULE_NAMES as readonly string[]).includes(value);
}
