import { strictId } from './ids';
import { z } from './zod';

/**
 * The legger: every registrant of one registration period with a score per subject (report-card scores the
 * school admits on). Staff download it as a spreadsheet, fill it in and send it back; the import checks the
 * whole file first and writes all of it in one go, or nothing.
 */
export const LEGGER_MSG = {
  fileMissing: 'Pilih berkas legger (.xlsx) untuk diunggah.',
  fileType: 'Berkas harus berupa spreadsheet Excel (.xlsx) dari templat legger.',
  noSheet: 'Berkas tidak berisi lembar legger.',
  header: 'Baris judul tidak sesuai templat: kolom pertama harus "No. Pendaftaran".',
  unknownSubject: (name: string) => `Kolom "${name}" bukan mata pelajaran yang aktif.`,
  duplicateSubject: (name: string) => `Kolom mata pelajaran "${name}" muncul lebih dari sekali.`,
  noSubjects: 'Belum ada mata pelajaran aktif. Tambahkan di Manajemen Data → Mata Pelajaran.',
  numberMissing: 'No. pendaftaran wajib diisi.',
  unknownNumber: (n: string) => `No. pendaftaran ${n} tidak ditemukan pada periode ini.`,
  duplicateNumber: (n: string, row: number) => `No. pendaftaran ${n} sudah ada di baris ${row}.`,
  score: 'Nilai harus angka 0–100 (paling banyak dua angka di belakang koma).',
  tooManyRows: (max: number) => `Berkas berisi lebih dari ${max} baris.`,
  invalid: (n: number) => `Legger belum dapat disimpan: ${n} kesalahan. Perbaiki lalu unggah lagi.`,
  valid: (rows: number) => `Legger valid: ${rows} baris siap disimpan.`,
  saved: (rows: number) => `Legger tersimpan: nilai ${rows} calon murid diperbarui.`,
} as const;

/** Rows a legger file may carry (a period has at most a few thousand registrants). */
export const LEGGER_MAX_ROWS = 20_000;

export const leggerQuerySchema = z.strictObject({
  school_period_id: strictId('Pilih periode pendaftaran.'),
});

export const leggerImportQuerySchema = leggerQuerySchema.extend({
  /** `true`: check and report only; nothing is written. */
  dry_run: z.enum(['true', 'false']).default('false'),
});

export const leggerErrorSchema = z.object({
  /** Spreadsheet row number as the user sees it (the header is row 1). */
  row: z.number().int(),
  /** Column heading, or '' for the whole row. */
  column: z.string(),
  message: z.string(),
});
export type LeggerError = z.infer<typeof leggerErrorSchema>;

export const leggerImportResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dry_run: z.boolean(),
  /** Registrant rows in the file. */
  rows: z.number().int(),
  /** Scores that would be (dry run) or were written. */
  scores: z.number().int(),
});
export type LeggerImportResponse = z.infer<typeof leggerImportResponseSchema>;

/** 400 of a file with errors (dry run or not): every problem found; nothing is written. */
export const leggerInvalidResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  problems: z.array(leggerErrorSchema),
});
export type LeggerInvalidResponse = z.infer<typeof leggerInvalidResponseSchema>;
