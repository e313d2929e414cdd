import { z } from '../zod';

/**
 * Pencairan dana (Iris payouts): one staff member asks for a transfer, another approves or rejects it; the
 * provider then processes it and reports completed or failed.
 */

export const PAYOUT_STATUSES = [
  'creating',
  'queued',
  'approved',
  'rejected',
  'processed',
  'completed',
  'failed',
] as const;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatusName, string> = {
  creating: 'Sedang dikirim',
  queued: 'Menunggu persetujuan',
  approved: 'Disetujui',
  rejected: 'Ditolak',
  processed: 'Diproses bank',
  completed: 'Selesai',
  failed: 'Gagal',
};

/** Iris bank codes offered in the form (the common ones; Iris knows more). */
export const PAYOUT_BANKS: Record<string, string> = {
  bca: 'BCA',
  bni: 'BNI',
  bri: 'BRI',
  mandiri: 'Mandiri',
  permata: 'Permata',
  cimb: 'CIMB Niaga',
  bsm: 'Bank Syariah Indonesia',
  danamon: 'Danamon',
};

export const createPayoutSchema = z.strictObject({
  beneficiary_name: z
    .string({ error: 'Nama penerima wajib diisi.' })
    .trim()
    .min(1, 'Nama penerima wajib diisi.')
    .max(100, 'Nama penerima maksimal 100 karakter.'),
  beneficiary_bank: z.enum(Object.keys(PAYOUT_BANKS) as [string, ...string[]], {
    error: 'Bank tujuan tidak dikenal.',
  }),
  beneficiary_account: z
    .string({ error: 'Nomor rekening wajib diisi.' })
    .regex(/^\d{5,30}$/, 'Nomor rekening harus 5–30 digit angka.'),
  amount: z
    .number({ error: 'Jumlah wajib diisi.' })
    .int('Jumlah harus rupiah bulat.')
    .min(10_000, 'Jumlah minimal Rp. 10.000.')
    .max(1_000_000_000, 'Jumlah maksimal Rp. 1.000.000.000.'),
  notes: z
    .string({ error: 'Catatan wajib diisi.' })
    .trim()
    .min(1, 'Catatan wajib diisi.')
    .max(100, 'Catatan maksimal 100 karakter.'),
});
export type CreatePayout = z.infer<typeof createPayoutSchema>;

export const rejectPayoutSchema = z.strictObject({
  reason: z
    .string({ error: 'Alasan wajib diisi.' })
    .trim()
    .min(3, 'Alasan wajib diisi (minimal 3 karakter).')
    .max(300, 'Alasan maksimal 300 karakter.'),
});

export const payoutRowSchema = z.object({
  id: z.number(),
  reference_no: z.string().nullable(),
  beneficiary_name: z.string(),
  beneficiary_account: z.string(),
  beneficiary_bank: z.string(),
  amount: z.number(),
  notes: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  created_by: z.number(),
  created_by_name: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const payoutListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(payoutRowSchema),
});

export const payoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: payoutRowSchema,
});
