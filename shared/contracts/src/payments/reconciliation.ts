import { calendarDate } from '../calendar-date';
import { z } from '../zod';

/** Rekonsiliasi: our charges against the payment provider's records, and how each mismatch is resolved. */

export const MISMATCH_KINDS = [
  'paid_there_not_here',
  'paid_here_not_there',
  'amount_differs',
  'paid_twice',
  'unknown_order',
  'provider_unreachable',
  'unreadable_amount',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  paid_there_not_here: 'Lunas di penyedia, belum tercatat di sini',
  paid_here_not_there: 'Tercatat lunas di sini, tidak lunas di penyedia',
  amount_differs: 'Jumlah berbeda',
  paid_twice: 'Dibayar dua kali',
  unknown_order: 'Transaksi tidak dikenal',
  provider_unreachable: 'Penyedia tidak dapat dihubungi',
  unreadable_amount: 'Jumlah di notifikasi tidak terbaca (perlu diperiksa)',
};

/** Which one-click resolutions fit each kind. */
export const RESOLUTIONS: Record<MismatchKind, readonly ('apply_provider' | 'credit_anyway' | 'dismiss')[]> =
  {
    paid_there_not_here: ['apply_provider'],
    paid_here_not_there: ['apply_provider', 'dismiss'],
    amount_differs: ['credit_anyway', 'dismiss'],
    paid_twice: ['dismiss'],
    unknown_order: [],
    provider_unreachable: [],
    unreadable_amount: ['apply_provider', 'dismiss'],
  };

export const RESOLUTION_LABELS = {
  apply_provider: 'Ikuti status penyedia',
  credit_anyway: 'Kreditkan tagihan',
  dismiss: 'Tandai selesai',
} as const;

const date = calendarDate();

export const reconciliationQuerySchema = z
  .strictObject({ date_from: date, date_to: date })
  .refine((q) => q.date_from <= q.date_to, {
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
    path: ['date_to'],
  });

export const reconciliationRowSchema = z.object({
  order_id: z.string(),
  kind: z.enum(MISMATCH_KINDS),
  purpose: z.string().nullable(),
  channel: z.string().nullable(),
  registrant_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  our_status: z.string().nullable(),
  our_amount: z.number().nullable(),
  provider_status: z.string().nullable(),
  provider_amount: z.number().nullable(),
  created_at: z.string(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationResponseSchema = z.object({
  success: z.literal(true),
  checked: z.number(),
  data: z.array(reconciliationRowSchema),
});

export const resolveMismatchSchema = z.strictObject({
  order_id: z.string().regex(/^[A-Za-z0-9._~-]{1,50}$/, 'Order id tidak valid.'),
  action: z.enum(['apply_provider', 'credit_anyway', 'dismiss'], { error: 'Tindakan tidak dikenal.' }),
  reason: z
    .string()
    .trim()
    .min(3, 'Alasan wajib diisi (minimal 3 karakter).')
    .max(500, 'Alasan maksimal 500 karakter.'),
});
