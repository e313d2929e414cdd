import { placeholdersNotIn } from './placeholders';
import { z } from './zod';

/**
 * What a family is told about their offer, each a template staff may rewrite (sent by e-mail or WhatsApp,
 * whichever the parent uses): the offer, a re-issue, a moved deadline, a reminder staff send, the automatic
 * reminders 3 days and 1 day before the deadline, the expiry, and the re-registration with its receipt.
 */
export const OFFER_MESSAGE_KINDS = [
  'offer_opened',
  'offer_reissued',
  'offer_extended',
  'offer_reminder',
  'offer_due_3',
  'offer_due_1',
  'offer_expired',
  'offer_re_registered',
] as const;
export type OfferMessageKind = (typeof OFFER_MESSAGE_KINDS)[number];

export const OFFER_MESSAGE_LABELS: Record<OfferMessageKind, string> = {
  offer_opened: 'Penawaran kursi',
  offer_reissued: 'Penawaran diterbitkan ulang',
  offer_extended: 'Batas diperpanjang',
  offer_reminder: 'Pengingat dari staf',
  offer_due_3: 'Pengingat 3 hari sebelum batas',
  offer_due_1: 'Pengingat 1 hari sebelum batas',
  offer_expired: 'Penawaran berakhir',
  offer_re_registered: 'Terdaftar ulang (dengan bukti bayar)',
};

export const OFFER_MESSAGE_PLACEHOLDERS = {
  nama: 'Nama calon murid',
  nama_orang_tua: 'Nama orang tua/wali',
  no_pendaftaran: 'Nomor pendaftaran',
  sekolah: 'Nama sekolah',
  batas: 'Batas daftar ulang (tanggal dan jam WIB)',
  bukti: 'Nomor bukti pembayaran daftar ulang (pesan terdaftar ulang)',
} as const;
export type OfferMessagePlaceholder = keyof typeof OFFER_MESSAGE_PLACEHOLDERS;

const greeting = 'Yth. Bapak/Ibu {nama_orang_tua},\n\n';

/** The texts a tenant starts with; saving one replaces it for that tenant. */
export const DEFAULT_OFFER_TEMPLATES: Record<OfferMessageKind, { subject: string; body: string }> = {
  offer_opened: {
    subject: 'Penawaran kursi {nama}',
    body: `${greeting}Selamat, {nama} (no. pendaftaran {no_pendaftaran}) mendapatkan kursi di {sekolah}. Silakan jawab penawaran di aplikasi PSB. Batas daftar ulang: {batas}.`,
  },
  offer_reissued: {
    subject: 'Penawaran kursi diterbitkan ulang',
    body: `${greeting}{sekolah} menerbitkan ulang penawaran kursi untuk {nama}. Silakan jawab penawaran di aplikasi PSB. Batas daftar ulang: {batas}.`,
  },
  offer_extended: {
    subject: 'Batas daftar ulang diperpanjang',
    body: `${greeting}Batas daftar ulang {nama} diperpanjang. Batas daftar ulang: {batas}.`,
  },
  offer_reminder: {
    subject: 'Pengingat penawaran kursi',
    body: `${greeting}Penawaran kursi untuk {nama} menunggu jawaban Anda di aplikasi PSB. Batas daftar ulang: {batas}.`,
  },
  offer_due_3: {
    subject: 'Tiga hari lagi: penawaran kursi {nama}',
    body: `${greeting}Penawaran kursi untuk {nama} berakhir dalam tiga hari. Batas daftar ulang: {batas}.`,
  },
  offer_due_1: {
    subject: 'Besok berakhir: penawaran kursi {nama}',
    body: `${greeting}Penawaran kursi untuk {nama} berakhir besok. Batas daftar ulang: {batas}.`,
  },
  offer_expired: {
    subject: 'Penawaran kursi berakhir',
    body: `${greeting}Penawaran kursi untuk {nama} berakhir karena batas daftar ulang ({batas}) terlewati.`,
  },
  offer_re_registered: {
    subject: '{nama} terdaftar ulang',
    body: `${greeting}{nama} (no. pendaftaran {no_pendaftaran}) sudah terdaftar ulang di {sekolah}. Nomor bukti pembayaran: {bukti}. Simpan pesan ini sebagai bukti.`,
  },
};

/** `text` with each known placeholder replaced by its value (a missing value leaves it empty). */
export const renderOfferMessage = (text: string, values: Partial<Record<OfferMessagePlaceholder, string>>) =>
  text.replace(/\{([a-z_]+)\}/g, (all, name: string) =>
    Object.hasOwn(OFFER_MESSAGE_PLACEHOLDERS, name) ? (values[name as OfferMessagePlaceholder] ?? '') : all,
  );

const unknownIn = (text: string) => placeholdersNotIn(text, OFFER_MESSAGE_PLACEHOLDERS).map((n) => `{${n}}`);
const unknownMessage = (names: string[]) =>
  `Isian otomatis tidak dikenal: ${names.join(', ')}. Gunakan hanya ${Object.keys(OFFER_MESSAGE_PLACEHOLDERS)
    .map((p) => `{${p}}`)
    .join(', ')}.`;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} paling banyak ${max} karakter.`)
    .refine((v) => unknownIn(v).length === 0, { error: (i) => unknownMessage(unknownIn(String(i.input))) });

export const offerTemplateSchema = z.strictObject({
  subject: text('Judul', 200),
  body: text('Isi pesan', 2000),
});
export type OfferTemplate = z.infer<typeof offerTemplateSchema>;

export const offerTemplateKindParamsSchema = z.object({
  kind: z.enum(OFFER_MESSAGE_KINDS, { error: 'Jenis pesan tidak dikenal.' }),
});

export const offerTemplatesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      kind: z.enum(OFFER_MESSAGE_KINDS),
      subject: z.string(),
      body: z.string(),
      is_default: z.boolean(),
    }),
  ),
});
