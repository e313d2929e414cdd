import { calendarDate } from './calendar-date';
import { idList, strictId } from './ids';
import type { ModuleName } from './modules';
import { placeholdersNotIn } from './placeholders';
import { z } from './zod';

/**
 * Messages to parents: templates with placeholders, the audience a staff member sends to, the outbox's
 * delivery log, the parent's in-app inbox (the bell) and the background jobs page.
 */

/** Every placeholder a template may use, with what it stands for (shown next to the editor). */
export const NOTIFICATION_PLACEHOLDERS = {
  nama: 'Nama calon murid',
  nama_orang_tua: 'Nama orang tua/wali',
  no_pendaftaran: 'Nomor pendaftaran',
  sekolah: 'Nama sekolah',
  periode: 'Periode pendaftaran',
  tanggal: 'Tanggal yang diisi saat mengirim (pesan jadwal otomatis: tanggal tes)',
  keterangan: 'Keterangan yang diisi saat mengirim (pesan jadwal otomatis: jam, ruangan, yang perlu dibawa)',
} as const;
export type NotificationPlaceholder = keyof typeof NOTIFICATION_PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(NOTIFICATION_PLACEHOLDERS) as NotificationPlaceholder[];

/** Placeholders in `text` that are not known, each once, as written (`{nilai}`). */
export const unknownNotificationPlaceholders = (text: string) =>
  placeholdersNotIn(text, NOTIFICATION_PLACEHOLDERS).map((name) => `{${name}}`);

export const unknownPlaceholderMessage = (names: string[]) =>
  `Isian otomatis tidak dikenal: ${names.join(', ')}. Gunakan hanya ${PLACEHOLDER_NAMES.map((p) => `{${p}}`).join(', ')}.`;

export const NOTIFICATION_KINDS = ['test_schedule', 'graduation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_INFO: Record<
  NotificationKind,
  { label: string; module: ModuleName; sendPath: string; templatePath: string }
> = {
  test_schedule: {
    label: 'Jadwal Tes/Observasi',
    module: 'Notifikasi (Jadwal Tes/Observasi)',
    sendPath: 'config/send_notification',
    templatePath: 'config/notification_template/test_schedule',
  },
  graduation: {
    label: 'Kelulusan',
    module: 'Notifikasi (Kelulusan)',
    sendPath: 'config/send_notification/graduation',
    templatePath: 'config/notification_template/graduation',
  },
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} paling banyak ${max} karakter.`);

export const notificationTemplateSchema = z.object({
  subject: text('Judul', 200),
  body: text('Isi pesan', 2000),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

export const notificationTemplateResponseSchema = z.object({
  success: z.literal(true),
  data: notificationTemplateSchema.extend({ key: z.enum(NOTIFICATION_KINDS), is_default: z.boolean() }),
});

export const AUDIENCE_STATUSES = {
  all: 'Semua calon murid',
  submitted: 'Sudah submit formulir',
  verified: 'Sudah diverifikasi',
  accepted: 'Diterima',
  not_accepted: 'Tidak diterima',
} as const;
export type AudienceStatus = keyof typeof AUDIENCE_STATUSES;

const optionalId = strictId().optional().nullable();

export const audienceSchema = z.object({
  school_id: optionalId,
  school_period_id: optionalId,
  status: z.enum(Object.keys(AUDIENCE_STATUSES) as [AudienceStatus, ...AudienceStatus[]], {
    error: 'Status calon murid tidak dikenal.',
  }),
  tanggal: calendarDate('Tanggal tidak valid.').optional().nullable(),
  keterangan: z.string().trim().max(500, 'Keterangan paling banyak 500 karakter.').optional().nullable(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const sendNotificationSchema = audienceSchema.extend({
  /** Made once per send dialog by the client: sending twice with it starts one job. */
  request_key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Kunci permintaan tidak valid.'),
});

export const NOTIFICATION_CHANNELS = ['email', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const sample = z.object({
  registrant_name: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  address: z.string(),
  subject: z.string(),
  body: z.string(),
});
export const notificationPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ count: z.number(), samples: z.array(sample) }),
});
export type NotificationPreview = z.infer<typeof notificationPreviewResponseSchema>['data'];

export const sendNotificationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ job_id: z.number(), count: z.number() }),
});

export const JOB_STATUSES = {
  queued: 'Menunggu',
  running: 'Berjalan',
  done: 'Selesai',
  failed: 'Gagal',
} as const;
export type JobStatus = keyof typeof JOB_STATUSES;

export const backgroundJobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  label: z.string(),
  status: z.enum(Object.keys(JOB_STATUSES) as [JobStatus, ...JobStatus[]]),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;
export const jobsResponseSchema = z.object({ success: z.literal(true), data: z.array(backgroundJobSchema) });

export const DELIVERY_STATUSES = {
  pending: 'Menunggu',
  sending: 'Dikirim',
  sent: 'Terkirim',
  failed: 'Gagal',
} as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUSES;

const logRow = z.object({
  id: z.number(),
  recipient: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  address: z.string(),
  subject: z.string(),
  status: z.enum(Object.keys(DELIVERY_STATUSES) as [DeliveryStatus, ...DeliveryStatus[]]),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type DeliveryLogRow = z.infer<typeof logRow>;
export const deliveryLogQuerySchema = z.object({
  status: z
    .enum(Object.keys(DELIVERY_STATUSES) as [DeliveryStatus, ...DeliveryStatus[]], {
      error: 'Status pengiriman tidak dikenal.',
    })
    .optional(),
  job_id: strictId().optional(),
});
export const deliveryLogResponseSchema = z.object({ success: z.literal(true), data: z.array(logRow) });

const inboxRow = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxRow>;
export const inboxResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ unread: z.number(), messages: z.array(inboxRow) }),
});
export const markReadSchema = z.object({
  /** Messages to mark as read; none = all of the caller's messages. */
  ids: idList().max(200, 'Terlalu banyak pesan sekaligus.').optional(),
});
