import { strictId } from '../ids';
import { z } from '../zod';
import { PAYMENT_CHANNELS } from './channels';
import { FEE_TYPES } from './fees';

/** GET /school_payments/admin: the school payments of the periods with the setup lines behind each. */
export const schoolPaymentOverviewSchema = z.object({
  id: z.number().int(),
  school_id: z.number().int(),
  school_name: z.string(),
  school_period_id: z.number().int(),
  school_period_name: z.string(),
  mst_type_payment_id: z.number().int(),
  mst_type_payment_name: z.string(),
  channels: z.array(z.enum(PAYMENT_CHANNELS)),
  expiry_hours: z.number().int(),
  due_date: z.string().nullable(),
  max_installments: z.number().int(),
  generate_after_registration: z.boolean(),
  show_at_graduation: z.boolean(),
  mst_coa_id: z.number().int().nullable(),
  /** Live setup lines of this period whose component is of this payment type. */
  setup_count: z.number().int(),
  /**
   * What a registrant of each class is billed for this type: the lines of that class plus the lines for every
   * class (`mst_class_id` null = "Semua kelas"); lines limited to a jalur are counted in every class's total.
   */
  totals: z.array(
    z.object({
      mst_class_id: z.number().int().nullable(),
      mst_class_name: z.string().nullable(),
      total: z.number().int(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type SchoolPaymentOverview = z.infer<typeof schoolPaymentOverviewSchema>;

export const SCHOOL_PAYMENT_OVERVIEW_SORTS = [
  'school_name',
  'school_period_name',
  'mst_type_payment_name',
  'due_date',
  'setup_count',
] as const;

export const schoolPaymentOverviewQuerySchema = z.object({
  search: z.string().trim().max(200, 'Kata kunci maksimal 200 karakter.').optional(),
  school_id: strictId('Filter sekolah tidak valid.').optional(),
  school_period_id: strictId('Filter periode pendaftaran tidak valid.').optional(),
  mst_type_payment_id: strictId('Filter tipe pembayaran tidak valid.').optional(),
  sort_column: z.enum(SCHOOL_PAYMENT_OVERVIEW_SORTS, { error: 'Kolom urutan tidak dikenal.' }).optional(),
  sort_value: z.enum(['asc', 'desc'], { error: 'Urutan harus asc atau desc.' }).optional(),
  page: z.coerce
    .number({ error: 'Halaman harus berupa angka.' })
    .int('Halaman harus berupa bilangan bulat.')
    .min(1, 'Halaman dimulai dari 1.')
    .max(10_000_000, 'Halaman terlalu besar.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'Jumlah per halaman harus berupa angka.' })
    .int('Jumlah per halaman harus berupa bilangan bulat.')
    .min(1, 'Jumlah per halaman antara 1 dan 100.')
    .max(100, 'Jumlah per halaman antara 1 dan 100.')
    .default(25),
  show_deleted: z.enum(['true', 'false'], { error: 'show_deleted harus true atau false.' }).optional(),
});
export type SchoolPaymentOverviewQuery = z.input<typeof schoolPaymentOverviewQuerySchema>;
/** The query as the api reads it (defaults applied). */
export type SchoolPaymentOverviewParams = z.output<typeof schoolPaymentOverviewQuerySchema>;

export const schoolPaymentOverviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(schoolPaymentOverviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export type SchoolPaymentOverviewResponse = z.infer<typeof schoolPaymentOverviewResponseSchema>;

/** GET /public/us/convenience_fee: the active fee of each channel, for the parent's choice of channel. */
export const publicConvenienceFeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(PAYMENT_CHANNELS),
  fee_type: z.enum(FEE_TYPES),
  flat_amount: z.number().int(),
  percent_bp: z.number().int(),
  min_amount: z.number().int().nullable(),
  max_amount: z.number().int().nullable(),
});
export type PublicConvenienceFee = z.infer<typeof publicConvenienceFeeSchema>;
export const publicConvenienceFeesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(publicConvenienceFeeSchema),
});

/** GET /us/convenience_fee/{id}/calculate?total_amount= */
export const convenienceFeeCalculateQuerySchema = z.object({
  total_amount: z.coerce
    .number({ error: 'Total pembayaran harus berupa angka.' })
    .int('Total pembayaran harus berupa bilangan bulat (rupiah).')
    .min(0, 'Total pembayaran minimal 0.')
    .max(Number.MAX_SAFE_INTEGER, 'Total pembayaran terlalu besar.'),
});
export const convenienceFeeCalculateResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ total_amount: z.number().int(), fee: z.number().int(), grand_total: z.number().int() }),
});
