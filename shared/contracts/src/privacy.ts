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

/**
 * A parent's request about their data, answered by the foundation within 3×24 hours: a correction of an
 * answer they can no longer change themselves (the form was submitted), or the deletion of the account.
 */
export const PRIVACY_REQUEST_KINDS = ['correction', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  correction: 'Perbaikan data',
  deletion: 'Penghapusan akun',
};
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: 'Menunggu',
  done: 'Selesai',
  refused: 'Ditolak',
};

/** Hours the foundation has to answer a request. */
export const PRIVACY_REQUEST_HOURS = 72;

export const PRIVACY_REQUEST_MSG = {
  sent: 'Permintaan Anda terkirim. Yayasan wajib menjawabnya dalam 3×24 jam.',
  notYours: 'Calon murid tidak ditemukan.',
  stillEditable: 'Formulir ini masih bisa Anda ubah sendiri di halaman formulir.',
  unknownQuestion: 'Pertanyaan tidak ada di formulir calon murid ini.',
  valueEmpty: 'Isi data yang benar wajib diisi.',
  alreadyOpen: 'Permintaan penghapusan akun Anda sudah ada dan sedang diproses.',
  notOpen: 'Permintaan ini sudah dijawab.',
  reasonEmpty: 'Alasan penolakan wajib diisi.',
  corrected: 'Data diperbaiki.',
  refused: 'Permintaan ditolak; orang tua melihat alasannya.',
  deletionDone: 'Permintaan penghapusan disetujui; data dihapus oleh pembersihan terjadwal.',
  keepUnpaid: 'Masih ada tagihan yang belum lunas; data disimpan sampai tagihan diselesaikan.',
  keepEnrolled:
    'Anak Anda diterima di sekolah; data murid wajib disimpan sekolah selama masa retensi yang ditetapkan yayasan.',
} as const;

export const newPrivacyRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('correction'),
    registrant_id: z.number().int().positive(),
    question_no: z.number().int().positive(),
    requested_value: z.string().trim().min(1, PRIVACY_REQUEST_MSG.valueEmpty).max(2000),
    note: z.string().trim().max(2000).optional(),
  }),
  z.object({ kind: z.literal('deletion'), note: z.string().trim().max(2000).optional() }),
]);
export type NewPrivacyRequest = z.infer<typeof newPrivacyRequestSchema>;

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  registrant_id: z.number().int().nullable(),
  registrant_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  question_no: z.number().int().nullable(),
  question: z.string().nullable(),
  requested_value: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  due_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** What staff see in the queue: the request, who asked, and what stands in the way of a deletion. */
export const staffPrivacyRequestSchema = privacyRequestSchema.extend({
  parent_name: z.string(),
  resolved_by_name: z.string().nullable(),
  /** Why the data must be kept (deletion only; empty when nothing stands in the way). */
  keep_reasons: z.array(z.string()),
});
export type StaffPrivacyRequest = z.infer<typeof staffPrivacyRequestSchema>;

export const privacyRequestFiledResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});
export const privacyRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(privacyRequestSchema),
});
export const staffPrivacyRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(staffPrivacyRequestSchema),
});
export const privacyRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: staffPrivacyRequestSchema,
});

/** Staff answer a request: carry it out (correct the answer, delete the account) or refuse it with a reason. */
export const resolvePrivacyRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('carry_out') }),
  z.object({
    action: z.literal('refuse'),
    reason: z.string().trim().min(1, PRIVACY_REQUEST_MSG.reasonEmpty).max(2000),
  }),
]);

/** The 3×24 hour clock in words: how long is left until `due`, or how long it has been overdue. */
export function deadlineText(due: string, now: Date = new Date()): { text: string; overdue: boolean } {
  const hours = Math.round((Date.parse(due) - now.getTime()) / 3_600_000);
  if (hours >= 0)
    return { text: hours === 0 ? 'kurang dari 1 jam lagi' : `sisa ${hours} jam`, overdue: false };
  return { text: `terlambat ${-hours} jam`, overdue: true };
}
