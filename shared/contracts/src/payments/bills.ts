import { calendarDate } from '../calendar-date';
import { strictId } from '../ids';
import { backgroundJobSchema } from '../notifications';
import { z } from '../zod';
import { PAYMENT_CHANNELS, type PaymentChannel } from './channels';

/**
 * Registrant bills: a payment type billed to one registrant, made of lines, paid in one or more installments,
 * each collected through a charge at the payment provider (a bank virtual account, Mandiri bill or QRIS).
 */

/** Where a bill stands; it changes only on the server, from its installments and the staff actions. */
export const BILL_STATES = ['draft', 'published', 'partially_paid', 'paid', 'cancelled'] as const;
export type BillState = (typeof BILL_STATES)[number];

export const BILL_STATE_LABELS: Record<BillState, string> = {
  draft: 'Belum diterbitkan',
  published: 'Belum dibayar',
  partially_paid: 'Dibayar sebagian',
  paid: 'Lunas',
  cancelled: 'Dibatalkan',
};

export const BILL_STATE_COLORS: Record<BillState, string> = {
  draft: 'gray',
  published: 'yellow',
  partially_paid: 'orange',
  paid: 'green',
  cancelled: 'dark',
};

/** The channels (alias of PAYMENT_CHANNELS, as the bill contract names them). */
export const CHANNELS = PAYMENT_CHANNELS;
export type Channel = PaymentChannel;

export const BILL_MSG = {
  created: 'Tagihan berhasil dibuat.',
  jobNotFound: 'Proses tagihan massal tidak ditemukan.',
  published: 'Tagihan berhasil diterbitkan.',
  approved: 'Pembayaran berhasil disetujui.',
  alreadyPaid: 'Tagihan ini sudah lunas.',
  installmentPaid: 'Cicilan ini sudah dibayar.',
  exists: 'Calon murid ini sudah memiliki tagihan untuk jenis pembayaran tersebut.',
  noLines:
    'Belum ada komponen pembayaran untuk periode dan kelas calon murid ini. Atur di Pembayaran per Periode.',
  notPublished: 'Tagihan belum diterbitkan.',
  cancelled: 'Tagihan ini sudah dibatalkan.',
  hasPayment: 'Tagihan yang sudah dibayar (sebagian) tidak dapat direset atau dihapus.',
  reset: 'Tagihan berhasil direset.',
  deleted: 'Tagihan berhasil dihapus.',
  channelNotOffered: 'Metode pembayaran ini tidak tersedia untuk tagihan ini.',
  vaCreated: 'Nomor pembayaran berhasil dibuat.',
  providerDown: 'Layanan pembayaran sedang tidak dapat dihubungi. Silakan coba beberapa saat lagi.',
  installmentsSum: 'Jumlah cicilan harus sama dengan total tagihan.',
  discountTooLarge: 'Keringanan tidak boleh melebihi total tagihan.',
  expiredSent: 'Pemberitahuan tagihan kedaluwarsa dikirim.',
  notExpired: 'Tagihan ini belum kedaluwarsa.',
  lineAdded: 'Rincian tagihan berhasil ditambahkan.',
  lineSaved: 'Rincian tagihan berhasil diubah.',
  lineDeleted: 'Rincian tagihan berhasil dihapus.',
  lineNotFound: 'Rincian tagihan tidak ditemukan.',
  linesLocked:
    'Rincian tagihan yang sudah dibayar (sebagian) tidak dapat diubah. Catat selisihnya sebagai tagihan baru.',
  lastLine: 'Tagihan harus memiliki minimal satu rincian. Hapus tagihannya bila tidak diperlukan lagi.',
} as const;

const money = (label: string) =>
  z
    .number({ error: `${label} harus berupa angka rupiah.` })
    .int(`${label} harus bilangan bulat (rupiah tanpa desimal).`)
    .min(0, `${label} tidak boleh negatif.`)
    .max(1_000_000_000_000, `${label} terlalu besar.`);
const date = calendarDate();
const reason = z
  .string()
  .trim()
  .min(3, 'Alasan wajib diisi (minimal 3 karakter).')
  .max(500, 'Alasan maksimal 500 karakter.');

/** POST /registrant/payment/{registrant id}: bill a payment type to one registrant. */
export const createBillSchema = z.strictObject({
  mst_type_payment_id: strictId('Jenis pembayaran tidak valid.'),
  /** Replace the setup lines by one line of this amount. */
  cost: money('Biaya').positive('Biaya harus lebih dari 0.').optional(),
  /** Discount (keringanan) and voluntary extra (sukarela). */
  keringanan: money('Keringanan').optional(),
  sukarela: money('Sumbangan sukarela').optional(),
  batas_pelunasan: date.optional(),
  /** Split into this many installments (cicilan) with monthly due dates. */
  is_generate_cicilan: z.boolean().optional(),
  cicilan_count: z
    .number()
    .int()
    .min(2, 'Cicilan minimal 2 kali.')
    .max(12, 'Cicilan maksimal 12 kali.')
    .optional(),
  unique_suffix: z.boolean().optional(),
  fixed_va: z.boolean().optional(),
  /** Publish at once (the parent sees it). */
  is_submit: z.boolean().optional(),
  show_at_graduation: z.boolean().optional(),
  /** Open the first installment's charge on the default channel at once. */
  generate_va: z.boolean().optional(),
  /** Tell the parent (needs is_submit). */
  send_notification: z.boolean().optional(),
  /** Also bill every later registrant of the period on submit (kept on the period's payment setting). */
  generate_payment_after_regist: z.boolean().optional(),
});
export type CreateBill = z.infer<typeof createBillSchema>;

/** PUT /registrant_installment_payment/{id}: amounts and due dates before anything is paid. */
export const installmentsUpdateSchema = z.strictObject({
  installments: z
    .array(
      z.strictObject({
        amount: money('Jumlah cicilan').positive('Jumlah cicilan harus lebih dari 0.'),
        due_date: date,
      }),
    )
    .min(1, 'Minimal satu cicilan.')
    .max(12, 'Cicilan maksimal 12 kali.'),
});

const lineName = z
  .string({ error: 'Nama rincian wajib diisi.' })
  .trim()
  .min(1, 'Nama rincian wajib diisi.')
  .max(150, 'Nama rincian maksimal 150 karakter.');
const lineAmount = money('Jumlah').positive('Jumlah harus lebih dari 0.');

/** POST /registrant_detail_payment: a line added to an unpaid bill (its total and installments follow). */
export const billLineCreateSchema = z.strictObject({
  header_id: strictId('Tagihan tidak valid.'),
  name: lineName,
  amount: lineAmount,
  reason: reason.optional(),
});
export type BillLineCreate = z.infer<typeof billLineCreateSchema>;

/** PUT /registrant_detail_payment/{id}: a line's name or amount, before anything is paid. */
export const billLineUpdateSchema = z.strictObject({
  name: lineName.optional(),
  amount: lineAmount.optional(),
  reason: reason.optional(),
});
export type BillLineUpdate = z.infer<typeof billLineUpdateSchema>;

export const billLineSchema = z.object({
  id: z.number(),
  header_id: z.number(),
  school_id: z.number(),
  kind: z.string(),
  name: z.string(),
  amount: z.number(),
});
export type BillLine = z.infer<typeof billLineSchema>;
export const lineResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: billLineSchema,
});

/** POST approve_payment/{bill id}: staff record a payment made outside the provider. */
export const approvePaymentSchema = z.strictObject({
  installment_id: strictId('Cicilan tidak valid.').optional(),
  method: z.enum(['cash', 'transfer'], { error: 'Metode harus tunai (cash) atau transfer.' }),
  reason,
  proof_url: z.string().trim().max(500).url('Tautan bukti tidak valid.').optional(),
});

/** POST generate_va/{bill id} (staff) and the parent's choice of channel. */
export const chargeSchema = z.strictObject({
  channel: z.enum(CHANNELS, { error: 'Metode pembayaran tidak dikenal.' }).optional(),
  installment_id: strictId('Cicilan tidak valid.').optional(),
});

export const reasonBodySchema = z.strictObject({ reason });

export const chargeViewSchema = z.object({
  id: z.number(),
  order_id: z.string(),
  channel: z.enum(CHANNELS),
  status: z.string(),
  amount: z.number(),
  fee_amount: z.number(),
  gross_amount: z.number(),
  va_number: z.string().nullable(),
  biller_code: z.string().nullable(),
  bill_key: z.string().nullable(),
  qr_string: z.string().nullable(),
  expires_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  is_expired: z.boolean(),
  /** Paid at the provider but not the amount asked (an open-amount VA): what was received, else null. */
  received_amount: z.number().nullable(),
});
export type ChargeView = z.infer<typeof chargeViewSchema>;

/**
 * The reference of the receipt of one paid installment: the registration number and the installment, so
 * staff find the payment from what the parent reads out.
 */
export const paymentReceiptReference = (registrationNumber: string, installmentId: number) =>
  `BYR-${registrationNumber}-${installmentId}`;

export const installmentViewSchema = z.object({
  id: z.number(),
  seq: z.number(),
  amount: z.number(),
  due_date: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_via: z.enum(['provider', 'manual']).nullable(),
  charge: chargeViewSchema.nullable(),
  /** Proof of payment: set once the installment is paid, the same number the parent's message carries. */
  receipt_reference: z.string().nullable(),
});
export type InstallmentView = z.infer<typeof installmentViewSchema>;

export const billViewSchema = z.object({
  id: z.number(),
  registrant_id: z.number(),
  registrant_name: z.string().nullable(),
  registration_number: z.string(),
  school_name: z.string(),
  mst_type_payment_id: z.number(),
  type_name: z.string(),
  state: z.enum(BILL_STATES),
  /** 1 when paid in full (the list's "status"). */
  status: z.union([z.literal(0), z.literal(1)]),
  is_expired: z.boolean(),
  total_amount: z.number(),
  discount_amount: z.number(),
  voluntary_amount: z.number(),
  paid_amount: z.number(),
  due_date: z.string().nullable(),
  channels: z.array(z.enum(CHANNELS)),
  published_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  needs_review: z.string().nullable(),
  version: z.number(),
  lines: z.array(z.object({ id: z.number(), kind: z.string(), name: z.string(), amount: z.number() })),
  installments: z.array(installmentViewSchema),
});
export type BillView = z.infer<typeof billViewSchema>;

/** The parent's bills of one registrant, with the version the live view waits on. */
export const registrantBillsResponseSchema = z.object({
  success: z.literal(true),
  version: z.number(),
  data: z.array(billViewSchema),
});
export type RegistrantBills = z.infer<typeof registrantBillsResponseSchema>;

export const chargeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: chargeViewSchema,
});

export const billHistorySchema = z.object({
  id: z.number(),
  action: z.string(),
  from_state: z.string(),
  to_state: z.string(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  user_name: z.string().nullable(),
});

export const billDetailResponseSchema = z.object({
  success: z.literal(true),
  data: billViewSchema.extend({ history: z.array(billHistorySchema) }),
});

export const BILL_SORTS = ['created_at', 'registrant_name', 'total_amount', 'paid_amount', 'state'] as const;
const flagText = z.enum(['true', 'false'], { error: 'Nilai harus true atau false.' }).optional();
const optionalId = strictId().optional();

/** GET /registrant_header_payments/admin: the staff list of bills of one payment type. */
export const billListQuerySchema = z.strictObject({
  type: optionalId,
  school_id: optionalId,
  /** The registrant's school year. */
  school_year_id: optionalId,
  school_period_id: optionalId,
  /**
   * true: only the bills the money figures count (dashboard, bill reports): published, partly paid or paid, and
   * of a registrant who withdrew or was archived only a bill paid in full.
   */
  counted: flagText,
  state: z.enum(BILL_STATES, { error: 'Status tidak dikenal.' }).optional(),
  /** 1 paid in full, 0 not yet. */
  status: z.enum(['0', '1'], { error: 'Status harus 0 atau 1.' }).optional(),
  is_expired: flagText,
  needs_review: flagText,
  filter_date_from: date.optional(),
  filter_date_to: date.optional(),
  search: z.string().trim().max(100, 'Kata kunci maksimal 100 karakter.').optional(),
  show_deleted: flagText,
  sort: z.enum(BILL_SORTS, { error: 'Kolom urutan tidak dikenal.' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'Urutan harus asc atau desc.' }).optional(),
  page: z.coerce.number({ error: 'Halaman tidak valid.' }).int().min(1).max(100_000).optional(),
  limit: z.coerce.number({ error: 'Jumlah per halaman tidak valid.' }).int().min(1).max(100).optional(),
});
export type BillListQuery = z.infer<typeof billListQuerySchema>;

export const billRowSchema = z.object({
  id: z.number(),
  registrant_id: z.number(),
  registrant_name: z.string().nullable(),
  registration_number: z.string(),
  school_name: z.string(),
  type_name: z.string(),
  state: z.enum(BILL_STATES),
  status: z.union([z.literal(0), z.literal(1)]),
  is_expired: z.boolean(),
  total_amount: z.number(),
  paid_amount: z.number(),
  due_date: z.string().nullable(),
  needs_review: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type BillRow = z.infer<typeof billRowSchema>;

export const billListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(billRowSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  counts: z.record(z.string(), z.number()),
  /** Money of every bill the filters match (all pages). */
  sums: z.object({ billed: z.number(), paid: z.number(), outstanding: z.number() }),
});

/** POST bulk/publish: ids of bills (≤ 5000), done as a background job with progress. */
export const bulkBillsSchema = z.strictObject({
  ids: z
    .array(strictId())
    .min(1, 'Pilih minimal satu tagihan.')
    .max(5000, 'Maksimal 5.000 tagihan sekaligus.'),
  send_notification: z.boolean().optional(),
});

/** POST bulk/generate: bill every registrant of a period (optionally one class/state) as a background job. */
export const bulkGenerateSchema = createBillSchema.extend({
  school_period_id: strictId('Periode tidak valid.'),
  mst_class_id: strictId('Kelas tidak valid.').optional(),
  request_key: z.string().trim().min(8).max(64),
});

export const jobStartedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ job_id: z.number(), total: z.number() }),
});

/** GET /registrant_header_payments/bulk/{job id}: how a bulk job the bills screen started stands. */
export const bulkJobResponseSchema = z.object({ success: z.literal(true), data: backgroundJobSchema });

/** A short list of named records (e.g. the payment types offered in a picker). */
export const namedListSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
