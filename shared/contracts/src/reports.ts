import { calendarDate } from './calendar-date';
import { strictId } from './ids';
import { REGISTRANT_STATUSES } from './registrant-status';
import { z } from './zod';

/**
 * Laporan: the staff reports and the dashboard. Every report is one declaration here — its filters, columns,
 * chart and the fixed name of its download — read by the api (which adds the query) and by mfe-reports (which
 * renders one generic page from it). A new report is a declaration plus its query, nothing else.
 */

const optionalId = strictId().optional();
const dateText = calendarDate().optional();

/** Every filter a report may offer; a report accepts only the ones it declares (others are refused). */
export const REPORT_FILTER_SCHEMAS = {
  school_id: optionalId,
  school_year_id: optionalId,
  school_period_id: optionalId,
  mst_type_payment_id: optionalId,
  mst_item_id: optionalId,
  date_from: dateText,
  date_to: dateText,
  state: z
    .enum(['published', 'partially_paid', 'paid'], { error: 'Status tagihan tidak dikenal.' })
    .optional(),
} as const;
export type ReportFilterKey = keyof typeof REPORT_FILTER_SCHEMAS;

/** How a filter is picked on screen; `relation` options come from GET `<resource>/options`-like lists. */
export const REPORT_FILTER_INPUTS: Record<
  ReportFilterKey,
  {
    label: string;
    input: 'school' | 'school_year' | 'school_period' | 'payment_type' | 'item' | 'date' | 'state';
  }
> = {
  school_id: { label: 'Sekolah', input: 'school' },
  school_year_id: { label: 'Tahun Ajaran', input: 'school_year' },
  school_period_id: { label: 'Periode Pendaftaran', input: 'school_period' },
  mst_type_payment_id: { label: 'Tipe Pembayaran', input: 'payment_type' },
  mst_item_id: { label: 'Barang', input: 'item' },
  date_from: { label: 'Dari Tanggal', input: 'date' },
  date_to: { label: 'Sampai Tanggal', input: 'date' },
  state: { label: 'Status Tagihan', input: 'state' },
};

/** The bill states a report covers: a bill counts once it is published (drafts and cancelled ones never do). */
export const REPORTED_BILL_STATES = ['published', 'partially_paid', 'paid'] as const;

export type ReportColumnFormat = 'text' | 'number' | 'money' | 'date' | 'percent';
export interface ReportColumn {
  key: string;
  label: string;
  format: ReportColumnFormat;
  /** Summed into the report's total row (money and counts). */
  total?: boolean;
}
export interface ReportChart {
  kind: 'bar' | 'donut' | 'line';
  /** Column naming each bar / slice / point. */
  label: string;
  /** Columns drawn (bars side by side, or the donut's value). */
  series: string[];
}
export interface ReportDeclaration {
  name: ReportName;
  title: string;
  description: string;
  /** Fixed name of the downloaded file, without the extension. */
  fileName: string;
  filters: readonly ReportFilterKey[];
  columns: readonly ReportColumn[];
  chart?: ReportChart;
  /** Which column holds the total the report reconciles with (the sum of the bills it covers). */
  reconciles: string;
  /** The formats its download offers. */
  formats: readonly ('xlsx' | 'txt')[];
}

export const REPORT_NAMES = [
  'payment_report',
  'registrant_payment_report',
  'registrant_payment_report_school',
  'statistic_payment_report',
  'comparison_internal',
  'item_report',
  'registrant_installment_payment_report',
  'registrant_payment_per_year',
  'accounting_journal',
  'offers_report',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

const BILL_FILTERS = [
  'school_id',
  'school_year_id',
  'school_period_id',
  'mst_type_payment_id',
  'date_from',
  'date_to',
] as const;

const money = (key: string, label: string): ReportColumn => ({ key, label, format: 'money', total: true });
const count = (key: string, label: string): ReportColumn => ({ key, label, format: 'number', total: true });
const text = (key: string, label: string): ReportColumn => ({ key, label, format: 'text' });
const BILLED = money('billed', 'Total Tagihan');
const PAID = money('paid', 'Terbayar');
const OUTSTANDING = money('outstanding', 'Sisa Tagihan');

export const REPORTS: Record<ReportName, ReportDeclaration> = {
  payment_report: {
    name: 'payment_report',
    title: 'Laporan Pembayaran',
    description: 'Tagihan per sekolah dan tipe pembayaran: jumlah, total, terbayar dan sisa.',
    fileName: 'Laporan Pembayaran',
    filters: [...BILL_FILTERS, 'state'],
    columns: [
      text('school_name', 'Sekolah'),
      text('type_name', 'Tipe Pembayaran'),
      count('bills', 'Jumlah Tagihan'),
      BILLED,
      PAID,
      OUTSTANDING,
    ],
    chart: { kind: 'bar', label: 'type_name', series: ['billed', 'paid'] },
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  registrant_payment_report: {
    name: 'registrant_payment_report',
    title: 'Pembayaran Calon Murid',
    description: 'Satu baris per tagihan calon murid: total, terbayar, sisa dan status.',
    fileName: 'Laporan Pembayaran Calon Murid',
    filters: [...BILL_FILTERS, 'state'],
    columns: [
      text('registration_number', 'No. Pendaftaran'),
      text('registrant_name', 'Nama Calon Murid'),
      text('school_name', 'Sekolah'),
      text('period_name', 'Periode'),
      text('class_name', 'Kelas'),
      text('type_name', 'Tipe Pembayaran'),
      text('state_label', 'Status'),
      BILLED,
      PAID,
      OUTSTANDING,
    ],
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  registrant_payment_report_school: {
    name: 'registrant_payment_report_school',
    title: 'Pembayaran Calon Murid per Sekolah',
    description: 'Pembayaran calon murid dijumlahkan per sekolah, dengan persentase terbayar.',
    fileName: 'Laporan Pembayaran Calon Murid per Sekolah',
    filters: [...BILL_FILTERS, 'state'],
    columns: [
      text('school_name', 'Sekolah'),
      count('registrants', 'Calon Murid'),
      count('bills', 'Jumlah Tagihan'),
      BILLED,
      PAID,
      OUTSTANDING,
      { key: 'paid_percent', label: 'Persentase Terbayar', format: 'percent' },
    ],
    chart: { kind: 'bar', label: 'school_name', series: ['paid', 'outstanding'] },
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  statistic_payment_report: {
    name: 'statistic_payment_report',
    title: 'Statistik Pembayaran',
    description: 'Tagihan menurut status: berapa yang lunas, dibayar sebagian dan belum dibayar.',
    fileName: 'Laporan Statistik Pembayaran',
    filters: BILL_FILTERS,
    columns: [text('state_label', 'Status'), count('bills', 'Jumlah Tagihan'), BILLED, PAID, OUTSTANDING],
    chart: { kind: 'donut', label: 'state_label', series: ['bills'] },
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  comparison_internal: {
    name: 'comparison_internal',
    title: 'Perbandingan Internal',
    description: 'Calon murid internal (dari sekolah yayasan) dibandingkan dengan calon murid eksternal.',
    fileName: 'Laporan Perbandingan Internal',
    filters: BILL_FILTERS,
    columns: [
      text('school_name', 'Sekolah'),
      text('origin', 'Asal'),
      count('registrants', 'Calon Murid'),
      BILLED,
      PAID,
      OUTSTANDING,
    ],
    chart: { kind: 'bar', label: 'origin', series: ['billed', 'paid'] },
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  item_report: {
    name: 'item_report',
    title: 'Laporan Barang',
    description: 'Pesanan barang yang sudah dibayar, per barang: jumlah pesanan, kuantitas dan nilainya.',
    fileName: 'Laporan Barang',
    filters: ['school_id', 'school_year_id', 'mst_item_id', 'date_from', 'date_to'],
    columns: [
      text('school_name', 'Sekolah'),
      text('item_name', 'Barang'),
      count('orders', 'Jumlah Pesanan'),
      count('quantity', 'Kuantitas'),
      money('amount', 'Nilai'),
    ],
    chart: { kind: 'bar', label: 'item_name', series: ['amount'] },
    reconciles: 'amount',
    formats: ['xlsx'],
  },
  registrant_installment_payment_report: {
    name: 'registrant_installment_payment_report',
    title: 'Cicilan Pembayaran Calon Murid',
    description: 'Setiap cicilan tagihan: jatuh tempo, nilai, kapan dan bagaimana dibayar.',
    fileName: 'Laporan Cicilan Pembayaran Calon Murid',
    filters: [...BILL_FILTERS, 'state'],
    columns: [
      text('registration_number', 'No. Pendaftaran'),
      text('registrant_name', 'Nama Calon Murid'),
      text('school_name', 'Sekolah'),
      text('type_name', 'Tipe Pembayaran'),
      { key: 'seq', label: 'Cicilan Ke', format: 'number' },
      { key: 'due_date', label: 'Jatuh Tempo', format: 'date' },
      money('amount', 'Nilai Cicilan'),
      money('paid', 'Terbayar'),
      { key: 'paid_at', label: 'Tanggal Bayar', format: 'date' },
      text('paid_via', 'Cara Bayar'),
    ],
    reconciles: 'amount',
    formats: ['xlsx'],
  },
  registrant_payment_per_year: {
    name: 'registrant_payment_per_year',
    title: 'Pembayaran per Tahun Ajaran',
    description: 'Tagihan dan pembayaran calon murid per tahun ajaran dan sekolah.',
    fileName: 'Laporan Pembayaran per Tahun Ajaran',
    filters: ['school_id', 'school_year_id', 'mst_type_payment_id'],
    columns: [
      text('year_name', 'Tahun Ajaran'),
      text('school_name', 'Sekolah'),
      count('registrants', 'Calon Murid'),
      count('bills', 'Jumlah Tagihan'),
      BILLED,
      PAID,
      OUTSTANDING,
    ],
    chart: { kind: 'bar', label: 'year_name', series: ['billed', 'paid'] },
    reconciles: 'billed',
    formats: ['xlsx'],
  },
  accounting_journal: {
    name: 'accounting_journal',
    title: 'Jurnal Akuntansi',
    description:
      'Jurnal dari pembayaran yang sudah diterima: debit ke akun penerimaan tipe pembayaran, kredit ke akun komponen.',
    fileName: 'Jurnal Akuntansi',
    filters: ['school_id', 'school_year_id', 'mst_type_payment_id', 'date_from', 'date_to'],
    columns: [
      { key: 'entry_date', label: 'Tanggal', format: 'date' },
      text('voucher_no', 'No. Bukti'),
      text('journal_code', 'Kode Jurnal'),
      text('account_code', 'Kode Akun'),
      text('account_name', 'Nama Akun'),
      text('resp_code', 'Kode Resp'),
      text('memo', 'Keterangan'),
      money('debit', 'Debit'),
      money('credit', 'Kredit'),
    ],
    reconciles: 'debit',
    formats: ['xlsx', 'txt'],
  },
  offers_report: {
    name: 'offers_report',
    title: 'Laporan Penawaran Kursi',
    description:
      'Satu baris per penawaran kursi: status (menunggu, diterima, ditolak, kedaluwarsa, terdaftar ulang), batas, alasan penolakan dan tanda tangan.',
    fileName: 'Laporan Penawaran Kursi',
    filters: ['school_id', 'school_year_id', 'school_period_id'],
    columns: [
      text('registration_number', 'No. Pendaftaran'),
      text('registrant_name', 'Nama Calon Murid'),
      text('school_name', 'Sekolah'),
      text('period_name', 'Periode'),
      text('class_name', 'Kelas'),
      text('state_label', 'Status'),
      { key: 'deadline', label: 'Batas Daftar Ulang', format: 'date' },
      text('decline_reason', 'Alasan Penolakan'),
      { key: 'signed_on', label: 'Ditandatangani', format: 'date' },
      count('offers', 'Jumlah Penawaran'),
    ],
    chart: { kind: 'donut', label: 'state_label', series: ['offers'] },
    reconciles: 'offers',
    formats: ['xlsx'],
  },
};

/** The reports in sidebar order, with their admin paths. */
export const reportPath = (name: ReportName) => `/admin/report/${name}`;

/** Query of one report: its own filters only, strict (an unknown key is a 400). */
export function reportQuerySchema(decl: ReportDeclaration) {
  const shape: Record<string, z.ZodType> = {};
  for (const key of decl.filters) shape[key] = REPORT_FILTER_SCHEMAS[key];
  return z.strictObject(shape);
}

export const reportExportQuerySchema = z.strictObject({
  format: z.enum(['xlsx', 'txt'], { error: 'Format unduhan harus xlsx atau txt.' }).default('xlsx'),
});

const cell = z.union([z.string(), z.number(), z.null()]);
export const reportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    rows: z.array(z.record(z.string(), cell)),
    /** Sum of every `total` column over all rows (not only those shown). */
    totals: z.record(z.string(), z.number()),
    row_count: z.number().int(),
    /** More rows matched than the screen shows; the download holds them all. */
    truncated: z.boolean(),
  }),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

// ----------------------------------------------------------------------------------------------- dashboard

export const dashboardQuerySchema = z.strictObject({
  school_id: optionalId,
  school_year_id: optionalId,
  school_period_id: optionalId,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Registrant states in the order of the admission funnel (withdrawn and rejected sit beside it). */
export const FUNNEL_STATUSES = REGISTRANT_STATUSES;

export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The school year the figures cover (the active one when none was asked for; null over every year). */
    school_year_id: z.number().nullable(),
    funnel: z.array(
      z.object({
        school_id: z.number(),
        school_name: z.string(),
        school_period_id: z.number(),
        period_name: z.string(),
        /** Registrants now in each state. */
        statuses: z.record(z.string(), z.number()),
        total: z.number(),
        /** Registrants with at least one bill paid in full. */
        paid: z.number(),
        /** Registrants with a scored test sitting (a live seat whose result was entered). */
        tested: z.number(),
        /** Offers of a seat made (open, accepted, declined or expired); the re-registered are a state above. */
        offered: z.number(),
      }),
    ),
    money: z.object({
      bills: z.number(),
      billed: z.number(),
      paid: z.number(),
      outstanding: z.number(),
      paid_bills: z.number(),
      open_bills: z.number(),
    }),
    daily: z.array(
      z.object({
        date: z.string(),
        registrations: z.number(),
        payments: z.number(),
        paid_amount: z.number(),
      }),
    ),
    places: z.array(
      z.object({
        school_id: z.number(),
        school_name: z.string(),
        school_period_id: z.number(),
        period_name: z.string(),
        mst_class_id: z.number(),
        class_name: z.string(),
        quota: z.number(),
        taken: z.number(),
        left: z.number(),
      }),
    ),
  }),
});
export type DashboardData = z.infer<typeof dashboardResponseSchema>['data'];
