import { FAQ_TOPICS, type FaqTopic } from './constants';
import { markdownAddress } from './markdown-html';
import { z } from './zod';

export { FAQ_TOPICS, type FaqTopic };

import type { ModuleName } from './modules';

/**
 * Staff-edited content (the Pengaturan screens). Every entry is one named config: its value schema, the
 * permission module guarding it and the configs rows holding it. Text fields are Markdown; the server strips
 * any HTML from every string before saving, and the pages render Markdown without HTML.
 */
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} harus berupa teks.` })
    .max(max, { error: `${label} terlalu panjang (maks. ${max}).` });

const FAQ_TOPIC_KEYS = FAQ_TOPICS.map((t) => t.key) as [FaqTopic, ...FaqTopic[]];

/** A list item keeps an id, so one item can be deleted (`DELETE /config/delete/{table}/{id}`). */
const itemId = z.number().int().positive().optional();

export const faqEntrySchema = z.object({
  id: itemId,
  topic: z.enum(FAQ_TOPIC_KEYS, { error: 'Topik FAQ tidak dikenal.' }),
  question: text(500, 'Pertanyaan').trim().min(1, { error: 'Pertanyaan wajib diisi.' }),
  answer: text(10_000, 'Jawaban').trim().min(1, { error: 'Jawaban wajib diisi.' }),
});
export const guideEntrySchema = z.object({
  id: itemId,
  /** An item whose key is empty is a draft: kept for staff, never shown on a page. */
  key: text(100, 'Kunci').trim(),
  title: text(200, 'Judul').optional(),
  value: text(10_000, 'Isi').optional(),
});
const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), {
    error: 'Alamat harus diawali http:// atau https://.',
  });
/** A picture the api stores (`/api/v1/public/content_image/…`) or a file of the site (`/welcome.svg`). */
const imagePath = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || (/^\/[A-Za-z0-9/_.-]+$/.test(v) && markdownAddress(v) === 'site'), {
    error: 'Gambar tidak valid.',
  });

/** Fields of the longer texts may be missing in content stored before their editor existed: they read as empty. */
const lines = (max: number, label: string) =>
  z
    .array(text(1_000, label))
    .max(max, { error: `${label}: maksimal ${max} baris.` })
    .default([]);
const optText = (max: number, label: string) => text(max, label).default('');
const registrationStep = z.object({
  title: optText(200, 'Judul'),
  intro: optText(2_000, 'Pengantar'),
  steps: lines(30, 'Langkah'),
});

export const CONFIG_VALUE_SCHEMAS = {
  faq: z.array(faqEntrySchema).max(300, { error: 'Terlalu banyak pertanyaan (maks. 300).' }),
  contact: z.object({
    address: text(500, 'Alamat').optional(),
    phone: text(50, 'Telepon').optional(),
    whatsapp: text(50, 'WhatsApp').optional(),
    email: z
      .string()
      .trim()
      .max(200)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Email tidak valid.' })
      .optional(),
    office_hours: text(300, 'Jam layanan').optional(),
    map_url: httpUrl.optional(),
  }),
  guide: z.array(guideEntrySchema).max(100, { error: 'Terlalu banyak langkah (maks. 100).' }),
  announcement: text(20_000, 'Pengumuman'),
  welcome: z.object({ description: text(5_000, 'Teks sambutan'), image: imagePath }),
  banner_home: z.object({
    active: z.boolean(),
    text: text(2_000, 'Teks banner'),
    link: httpUrl.optional(),
  }),
  message: text(5_000, 'Pesan'),
  theme: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Warna harus berupa kode hex, contoh #055837.' }),
  admin_fee: z.object({
    amount: z
      .number({ error: 'Biaya admin harus berupa angka.' })
      .int({ error: 'Biaya admin harus bilangan bulat.' })
      .min(0, { error: 'Biaya admin tidak boleh negatif.' })
      .max(10_000_000, { error: 'Biaya admin terlalu besar.' }),
    note: text(500, 'Keterangan').optional(),
  }),
  /** The registration step explainers (/registration_steps/register, payment, biodata). */
  registration_steps: z.object({
    register: registrationStep,
    payment: registrationStep,
    biodata: registrationStep,
  }),
  interview_announcement: z.object({
    title: optText(200, 'Judul'),
    body: optText(10_000, 'Isi'),
    schedule: lines(30, 'Jadwal'),
  }),
  /** The source of the interview guide PDF. */
  interview_guide: z.object({
    title: optText(200, 'Judul'),
    intro: optText(5_000, 'Pengantar'),
    sections: z
      .array(
        z.object({
          title: optText(200, 'Judul bagian'),
          text: optText(5_000, 'Isi bagian'),
          items: lines(30, 'Butir'),
        }),
      )
      .max(30, { error: 'Terlalu banyak bagian (maks. 30).' }),
    closing: optText(2_000, 'Penutup'),
  }),
  test_overview: text(10_000, 'Ringkasan tes'),
  graduation_overview: text(10_000, 'Ringkasan kelulusan'),
  /** A plain word from the school on the public status page (e.g. why registration is slow today). */
  status_message: text(1_000, 'Pesan halaman status'),
} as const;

export type ConfigName = keyof typeof CONFIG_VALUE_SCHEMAS;
export type ConfigValue<N extends ConfigName> = z.infer<(typeof CONFIG_VALUE_SCHEMAS)[N]>;
export const CONFIG_NAMES = Object.keys(CONFIG_VALUE_SCHEMAS) as ConfigName[];

export interface ConfigEntry {
  name: ConfigName;
  label: string;
  module: ModuleName;
  /**
   * configs rows holding the value: one row (JSON, or plain text for a string value), or one text row per
   * field of an object value (kept so for the public page's single query).
   */
  rows: string | Record<string, string>;
}

export const CONFIG_ENTRIES: Record<ConfigName, ConfigEntry> = {
  faq: { name: 'faq', label: 'FAQ', module: 'FAQ', rows: 'faq' },
  contact: { name: 'contact', label: 'Kontak', module: 'Contact', rows: 'contact' },
  guide: { name: 'guide', label: 'Panduan', module: 'Panduan PSB', rows: 'guide' },
  announcement: { name: 'announcement', label: 'Pengumuman', module: 'Pengumuman', rows: 'announcement' },
  welcome: {
    name: 'welcome',
    label: 'Sambutan Beranda',
    module: 'Beranda',
    rows: { description: 'welcome_description', image: 'welcome_image' },
  },
  banner_home: { name: 'banner_home', label: 'Banner Beranda', module: 'Beranda', rows: 'banner_home' },
  message: { name: 'message', label: 'Pesan untuk Orang Tua', module: 'Beranda', rows: 'message' },
  theme: { name: 'theme', label: 'Warna Tema', module: 'Konfigurasi', rows: 'theme' },
  admin_fee: { name: 'admin_fee', label: 'Biaya Admin', module: 'Biaya Admin', rows: 'admin_fee' },
  registration_steps: {
    name: 'registration_steps',
    label: 'Langkah Pendaftaran',
    module: 'Panduan PSB',
    rows: 'registration_steps',
  },
  interview_announcement: {
    name: 'interview_announcement',
    label: 'Pengumuman Wawancara',
    module: 'Panduan PSB',
    rows: 'interview_announcement',
  },
  interview_guide: {
    name: 'interview_guide',
    label: 'Panduan Wawancara',
    module: 'Panduan PSB',
    rows: 'interview_guide',
  },
  test_overview: {
    name: 'test_overview',
    label: 'Ringkasan Tes',
    module: 'Konfigurasi',
    rows: 'test_overview',
  },
  graduation_overview: {
    name: 'graduation_overview',
    label: 'Ringkasan Kelulusan',
    module: 'Konfigurasi',
    rows: 'graduation_overview',
  },
  status_message: {
    name: 'status_message',
    label: 'Pesan Halaman Status',
    module: 'Konfigurasi',
    rows: 'status_message',
  },
};

/** Lists whose items may be deleted one by one. */
export const CONFIG_LIST_TABLES = ['faq', 'guide'] as const satisfies readonly ConfigName[];
export type ConfigListTable = (typeof CONFIG_LIST_TABLES)[number];

export const configResponseSchema = <N extends ConfigName>(name: N) =>
  z.object({ success: z.literal(true), name: z.literal(name), data: CONFIG_VALUE_SCHEMAS[name] });
export const configSavedResponseSchema = <N extends ConfigName>(name: N) =>
  configResponseSchema(name).extend({ message: z.string() });

export const configsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ name: z.string(), label: z.string(), module: z.string(), data: z.unknown() })),
});
export const configBatchSchema = z.record(z.string(), z.unknown());

export const welcomeImageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  image: z.string(),
});

export const CONTENT_MESSAGES = {
  saved: 'Perubahan berhasil disimpan.',
  deleted: 'Data berhasil dihapus.',
  itemNotFound: 'Data tidak ditemukan.',
  unknownConfig: 'Konfigurasi tidak dikenal.',
  unknownTable: 'Data ini tidak dapat dihapus lewat alamat ini.',
  imageMissing: 'Pilih berkas gambar terlebih dahulu.',
  imageType: 'Gambar harus berformat JPG, PNG atau WEBP.',
  imageTooLarge: 'Ukuran gambar maksimal 5 MB.',
} as const;
