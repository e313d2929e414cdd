import type { DocumentKind, DocumentTemplate } from '@psb/contracts';
import type { PlaceholderValues } from '../../../lib/pdf/document';

const base = (title: string, body: string): DocumentTemplate => ({
  paper: 'A4',
  orientation: 'portrait',
  margin_mm: 20,
  font_size: 11,
  header: '{sekolah}\nPenerimaan Murid Baru Tahun Ajaran {tahun_ajaran}',
  logo: '',
  title,
  body,
  place: '',
  signer_name: '',
  signer_title: 'Ketua Panitia PSB',
  signature_image: '',
});

const RESULT_OPENING =
  'Berdasarkan hasil seleksi penerimaan murid baru tahun ajaran {tahun_ajaran}, calon murid:\n\nNama: {nama}\nNo. Pendaftaran: {no_pendaftaran}\nKelas tujuan: {kelas}\n\n';

/** The layout a school starts from, until staff save their own. */
export const DEFAULT_TEMPLATES: Record<DocumentKind, DocumentTemplate> = {
  test_card: base(
    'KARTU TES',
    'Nama: {nama}\nNo. Pendaftaran: {no_pendaftaran}\nKelas tujuan: {kelas}\nJadwal tes: {jadwal_tes}\nRuang: {ruang}\n\nKartu ini wajib dibawa pada hari tes.',
  ),
  result_card: base(
    'HASIL TES',
    'Nama: {nama}\nNo. Pendaftaran: {no_pendaftaran}\nKelas tujuan: {kelas}\nNilai: {nilai}',
  ),
  // The statement is the parent's: the parent signs it, not the committee.
  spotc: {
    ...base(
      'SURAT PERNYATAAN ORANG TUA CALON MURID',
      'Saya yang bertanda tangan di bawah ini, {orang_tua}, orang tua/wali dari {nama} ({no_pendaftaran}), menyatakan bersedia mematuhi seluruh ketentuan {sekolah}.',
    ),
    signer_title: 'Yang membuat pernyataan,\nOrang tua/wali calon murid',
    signer_name: '{orang_tua}',
  },
  recap: base(
    'REKAP FORMULIR CALON MURID',
    'Nama: {nama}\nTempat, tanggal lahir: {tanggal_lahir}\nNo. Pendaftaran: {no_pendaftaran}\nJalur: {jalur}\nKelas tujuan: {kelas}\nOrang tua/wali: {orang_tua}',
  ),
  graduation: base(
    'SURAT KETERANGAN KELULUSAN',
    `${RESULT_OPENING}dinyatakan {status}. Selamat bergabung di {sekolah}.`,
  ),
  graduation_reserve: base(
    'SURAT PEMBERITAHUAN HASIL SELEKSI',
    `${RESULT_OPENING}dinyatakan {status} (daftar cadangan). Sekolah akan menghubungi Bapak/Ibu apabila tersedia tempat di kelas tujuan.`,
  ),
  graduation_rejected: base(
    'SURAT PEMBERITAHUAN HASIL SELEKSI',
    `${RESULT_OPENING}dinyatakan {status}. Terima kasih atas kepercayaan Bapak/Ibu kepada {sekolah}; semoga Ananda mendapatkan sekolah terbaik.`,
  ),
  // Signed by the parent in the app before the re-registration bill can be paid.
  agreement: {
    ...base(
      'PERJANJIAN DAFTAR ULANG',
      'Saya, {orang_tua}, orang tua/wali dari {nama} ({no_pendaftaran}), menerima tempat di {kelas} {sekolah} tahun ajaran {tahun_ajaran} dan menyatakan:\n\n1. Bersedia melunasi biaya daftar ulang sesuai tagihan yang tercantum di aplikasi PSB.\n2. Bersedia mematuhi tata tertib dan seluruh ketentuan sekolah.\n3. Memahami bahwa biaya yang sudah dibayarkan tidak dapat dikembalikan apabila calon murid mengundurkan diri, kecuali ditentukan lain oleh sekolah.',
    ),
    signer_title: 'Orang tua/wali calon murid',
    signer_name: '{orang_tua}',
  },
};

const today = () =>
  new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  }).format(new Date());

/** The status the preview of each result letter shows (the others show an accepted one). */
const DEMO_STATUS: Partial<Record<DocumentKind, string>> = {
  graduation_reserve: 'Cadangan',
  graduation_rejected: 'Tidak Diterima',
};

/** The invented registrant every preview of a document of `kind` shows. */
export const demoValues = (school: string, year: string, kind: DocumentKind): PlaceholderValues => ({
  nama: 'Andi Pratama',
  no_pendaftaran: 'PSB-2027-0001',
  sekolah: school,
  kelas: 'Kelas 1A',
  jalur: 'Reguler',
  tahun_ajaran: year,
  tanggal: today(),
  tanggal_lahir: 'Bandung, 12 Maret 2020',
  orang_tua: 'Budi Santoso',
  jadwal_tes: 'Sabtu, 14 November 2026 pukul 08.00 WIB',
  ruang: 'Ruang 101',
  nilai: '87',
  status: DEMO_STATUS[kind] ?? 'Diterima',
});
