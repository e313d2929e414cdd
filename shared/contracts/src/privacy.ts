import { z } from './zod';

/**
 * Personal data protection: the foundation's consent text (every version kept), a parent's answers to it and
 * to the optional purposes, and the parent's own copy of their data ("Data Saya").
 */

/** Module that lets staff see answers marked sensitive (health, special needs, income, identity numbers). */
export const SENSITIVE_MODULE = 'Data Sensitif';

/** Uses of a parent's data they may agree to or refuse separately; off until they switch them on. */
export const OPTIONAL_PURPOSES = ['promotional', 'photos'] as const;
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number];

export const OPTIONAL_PURPOSE_LABELS: Record<OptionalPurpose, string> = {
  promotional: 'Menerima pesan promosi dari yayasan',
  photos: 'Foto anak boleh dimuat di publikasi sekolah',
};

export const PRIVACY_MSG = {
  textEmpty: 'Teks persetujuan wajib diisi.',
  textSaved: 'Versi baru teks persetujuan disimpan. Orang tua diminta menyetujuinya saat masuk berikutnya.',
  noText: 'Yayasan belum menulis teks persetujuan.',
  staleVersion: 'Teks persetujuan sudah diperbarui. Muat ulang halaman dan baca versi terbaru.',
  accepted: 'Terima kasih. Persetujuan Anda tercatat.',
  optionalSaved: 'Pilihan persetujuan disimpan.',
  exportStarted: 'Data Anda sedang disiapkan.',
  exportMissing: 'Berkas data tidak ditemukan.',
  exportNotReady: 'Berkas data belum selesai disiapkan.',
} as const;

export const consentTextSchema = z.object({
  version: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type ConsentText = z.infer<typeof consentTextSchema>;

export const consentTextsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(consentTextSchema),
});

export const newConsentTextSchema = z.object({
  body: z.string().trim().min(1, PRIVACY_MSG.textEmpty).max(20_000),
});

/** What the signed-in parent has agreed to, and the text they are asked to agree to now (if any). */
export const myConsentSchema = z.object({
  current: consentTextSchema.nullable(),
  accepted_version: z.number().int().nullable(),
  /** True while a current text exists that this account has not accepted: the app blocks until it is. */
  needs_acceptance: z.boolean(),
  optional: z.object({ promotional: z.boolean(), photos: z.boolean() }),
});
export type MyConsent = z.infer<typeof myConsentSchema>;

export const myConsentResponseSchema = z.object({ success: z.literal(true), data: myConsentSchema });

export const acceptConsentSchema = z.object({ version: z.number().int().positive() });

export const optionalConsentSchema = z.object({
  promotional: z.boolean().optional(),
  photos: z.boolean().optional(),
});

/** The parent's data download ("Data Saya"), built by a background job the page polls. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = z.object({ success: z.literal(true), data: dataExportSchema });

export const DATA_EXPORT_FILE = 'data-saya.zip';
