import { strictId } from './ids';
import type { ModuleName } from './modules';
import { placeholdersNotIn } from './placeholders';
import type { ResultKind } from './result-kinds';
import { z } from './zod';

/**
 * Printable documents staff lay out per school: the text may hold placeholders in braces, filled from the
 * registrant when the document is produced (and from demo data in the editor's preview).
 */
export const DOCUMENT_KINDS = [
  'test_card',
  'result_card',
  'spotc',
  'recap',
  'graduation',
  'graduation_reserve',
  'graduation_rejected',
  'agreement',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * The result letter a family receives, by the result's kind: each outcome has its own layout and title, so a
 * congratulation written for the accepted never reaches a family that was not accepted.
 */
export const RESULT_LETTERS: Record<ResultKind, DocumentKind> = {
  accepted: 'graduation',
  reserve: 'graduation_reserve',
  rejected: 'graduation_rejected',
};

/**
 * Each kind's name, module and editor page. Kinds sharing a page (the result letters) are chosen on it by their
 * `variant` label.
 */
export const DOCUMENTS: Record<
  DocumentKind,
  { label: string; module: ModuleName; adminPath: string; variant?: string }
> = {
  test_card: { label: 'Kartu Tes', module: 'Kartu Tes', adminPath: '/admin/testcard' },
  result_card: { label: 'Hasil Tes', module: 'Hasil Tes', adminPath: '/admin/testresult' },
  spotc: { label: 'SPOTC', module: 'SPOTC', adminPath: '/admin/spotc' },
  recap: { label: 'Rekap Formulir', module: 'Rekap Murid', adminPath: '/admin/recap' },
  graduation: {
    label: 'Surat Kelulusan',
    module: 'Kelulusan',
    adminPath: '/admin/graduationrecap',
    variant: 'Diterima',
  },
  graduation_reserve: {
    label: 'Surat Hasil Seleksi (Cadangan)',
    module: 'Kelulusan',
    adminPath: '/admin/graduationrecap',
    variant: 'Cadangan',
  },
  graduation_rejected: {
    label: 'Surat Hasil Seleksi (Tidak Diterima)',
    module: 'Kelulusan',
    adminPath: '/admin/graduationrecap',
    variant: 'Tidak Diterima',
  },
  agreement: {
    label: 'Perjanjian Daftar Ulang',
    module: 'Kelulusan',
    adminPath: '/admin/graduationrecap',
    variant: 'Perjanjian',
  },
};

export const DOCUMENT_PLACEHOLDERS = {
  nama: 'Nama calon murid',
  no_pendaftaran: 'Nomor pendaftaran',
  sekolah: 'Nama sekolah',
  kelas: 'Kelas tujuan',
  jalur: 'Jalur pendaftaran',
  tahun_ajaran: 'Tahun ajaran',
  tanggal: 'Tanggal cetak',
  tanggal_lahir: 'Tempat, tanggal lahir',
  orang_tua: 'Nama orang tua/wali',
  jadwal_tes: 'Jadwal tes',
  ruang: 'Ruang tes',
  nilai: 'Nilai tes',
  status: 'Status kelulusan',
} as const;
export type DocumentPlaceholder = keyof typeof DOCUMENT_PLACEHOLDERS;

/** Placeholders in a text that are not known ({nama} is, {foo} is not). */
export const unknownDocumentPlaceholders = (text: string) => placeholdersNotIn(text, DOCUMENT_PLACEHOLDERS);

const imagePath = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^\/api\/v1\/public\/content_image\/[a-z0-9._-]+$/.test(v), {
    error: 'Gambar tidak valid.',
  });
const withPlaceholders = (max: number, label: string) =>
  z
    .string()
    .max(max, { error: `${label} terlalu panjang (maks. ${max}).` })
    .superRefine((v, ctx) => {
      const bad = unknownDocumentPlaceholders(v);
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          message: `Isian otomatis tidak dikenal: ${bad.map((b) => `{${b}}`).join(', ')}.`,
        });
    });

export const documentTemplateSchema = z.object({
  paper: z.enum(['A4', 'F4', 'A5'], { error: 'Ukuran kertas tidak dikenal.' }),
  orientation: z.enum(['portrait', 'landscape'], { error: 'Orientasi tidak dikenal.' }),
  margin_mm: z
    .number()
    .int()
    .min(5, { error: 'Margin minimal 5 mm.' })
    .max(40, { error: 'Margin maksimal 40 mm.' }),
  font_size: z
    .number()
    .min(8, { error: 'Ukuran huruf minimal 8.' })
    .max(16, { error: 'Ukuran huruf maksimal 16.' }),
  /** Lines under the logo: the school's name, address, phone. */
  header: withPlaceholders(1_000, 'Kop surat'),
  logo: imagePath,
  title: withPlaceholders(200, 'Judul'),
  body: withPlaceholders(10_000, 'Isi'),
  place: z.string().max(100),
  signer_name: z.string().max(150),
  signer_title: z.string().max(150),
  signature_image: imagePath,
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

export const documentQuerySchema = z.object({ school_id: strictId('Sekolah wajib dipilih.') });
export const documentResponseSchema = z.object({
  success: z.literal(true),
  kind: z.enum(DOCUMENT_KINDS),
  school_id: z.number().int(),
  /** false while the school still uses the default layout. */
  saved: z.boolean(),
  data: documentTemplateSchema,
});
export const documentSavedResponseSchema = documentResponseSchema.extend({ message: z.string() });
