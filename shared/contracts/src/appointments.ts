import { calendarDate } from './calendar-date';
import { strictId } from './ids';
import { z } from './zod';

/**
 * Interview and observation slots parents book themselves: staff publish slots with a booking window and a
 * cut-off for moves and cancellations; the parent books, moves or cancels on the registrant's page.
 */

export const APPOINTMENT_KINDS = ['wawancara', 'observasi'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const APPOINTMENT_KIND_LABELS: Record<AppointmentKind, string> = {
  wawancara: 'Wawancara',
  observasi: 'Observasi',
};

export const APPOINTMENT_MSG = {
  booked: 'Jadwal berhasil dipesan.',
  moved: 'Jadwal berhasil dipindah.',
  cancelled: 'Jadwal dibatalkan.',
  created: 'Slot jadwal diterbitkan.',
  deleted: 'Slot jadwal dihapus.',
  full: 'Slot ini sudah penuh. Silakan pilih slot lain.',
  closed: 'Pemesanan slot ini belum dibuka atau sudah ditutup.',
  alreadyBooked: 'Calon murid sudah memiliki jadwal jenis ini. Pindahkan jadwal yang ada bila perlu diubah.',
  noBooking: 'Calon murid belum memiliki jadwal jenis ini.',
  sameSlot: 'Jadwal sudah berada di slot ini.',
  pastCutoff: 'Batas waktu untuk memindah atau membatalkan jadwal ini sudah lewat.',
  notForRegistrant: 'Slot ini bukan untuk periode pendaftaran calon murid.',
  notEligible: 'Calon murid dengan status ini tidak dapat memesan jadwal.',
  hasBookings: 'Slot yang sudah dipesan tidak dapat dihapus.',
  roomOfOtherSchool: 'Ruangan harus milik sekolah periode pendaftaran ini.',
  placeRequired: 'Isi ruangan atau tautan video.',
  timeOrder: 'Jam selesai harus setelah jam mulai.',
  windowOrder: 'Penutupan pemesanan harus setelah pembukaannya.',
} as const;

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const time = (label: string) =>
  z.string({ error: `${label} wajib diisi.` }).regex(TIME, `${label} harus berformat JJ:MM.`);
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} harus berupa tanggal dan jam yang sah.` });

/** POST /appointment_slots: one slot published by staff. */
export const appointmentSlotCreateSchema = z
  .strictObject({
    school_period_id: strictId('Pilih periode pendaftaran.'),
    kind: z.enum(APPOINTMENT_KINDS, { error: 'Pilih jenis jadwal: wawancara atau observasi.' }),
    slot_date: calendarDate('Tanggal harus berformat yyyy-mm-dd.'),
    start_time: time('Jam mulai'),
    end_time: time('Jam selesai'),
    mst_room_id: strictId('Pilih ruangan.').nullable().optional(),
    video_link: z
      .string()
      .trim()
      .max(500, 'Tautan video maksimal 500 karakter.')
      .regex(/^https:\/\/\S+$/, 'Tautan video harus diawali https://.')
      .nullable()
      .optional(),
    interviewer: z
      .string({ error: 'Pewawancara wajib diisi.' })
      .trim()
      .min(1, 'Pewawancara wajib diisi.')
      .max(100, 'Nama pewawancara maksimal 100 karakter.'),
    capacity: z
      .number({ error: 'Kapasitas harus berupa angka.' })
      .int('Kapasitas harus bilangan bulat.')
      .min(1, 'Kapasitas minimal 1.')
      .max(1000, 'Kapasitas maksimal 1000.'),
    booking_opens_at: instant('Pembukaan pemesanan'),
    booking_closes_at: instant('Penutupan pemesanan'),
    change_cutoff_hours: z
      .number({ error: 'Batas ubah harus berupa angka (jam).' })
      .int('Batas ubah harus bilangan bulat.')
      .min(0, 'Batas ubah minimal 0 jam.')
      .max(720, 'Batas ubah maksimal 720 jam.')
      .default(24),
  })
  .superRefine((v, ctx) => {
    if (!v.mst_room_id && !v.video_link)
      ctx.addIssue({ code: 'custom', path: ['mst_room_id'], message: APPOINTMENT_MSG.placeRequired });
    if (v.end_time <= v.start_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: APPOINTMENT_MSG.timeOrder });
    if (Date.parse(v.booking_closes_at) <= Date.parse(v.booking_opens_at))
      ctx.addIssue({ code: 'custom', path: ['booking_closes_at'], message: APPOINTMENT_MSG.windowOrder });
  });
export type AppointmentSlotCreate = z.input<typeof appointmentSlotCreateSchema>;

export const appointmentSlotSchema = z.object({
  id: z.number().int(),
  school_period_id: z.number().int(),
  kind: z.enum(APPOINTMENT_KINDS),
  /** `YYYY-MM-DD`; times are WIB `HH:MM`. */
  slot_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  mst_room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  video_link: z.string().nullable(),
  interviewer: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  booking_opens_at: z.string(),
  booking_closes_at: z.string(),
  change_cutoff_hours: z.number().int(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentSlotListQuerySchema = z.object({
  school_period_id: strictId('Pilih periode pendaftaran.'),
  kind: z.enum(APPOINTMENT_KINDS, { error: 'Jenis jadwal tidak dikenal.' }).optional(),
});
export const appointmentSlotListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(appointmentSlotSchema),
});
export const appointmentSlotResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: appointmentSlotSchema,
});

/** GET /appointment_slots/day: one day's slots of the caller's schools with who booked them. */
export const appointmentDayQuerySchema = z.object({ date: calendarDate() });
export const appointmentDaySlotSchema = appointmentSlotSchema.extend({
  school_name: z.string(),
  bookings: z.array(
    z.object({
      registrant_id: z.number().int(),
      registration_number: z.string(),
      name: z.string().nullable(),
      booked_at: z.string(),
      /** The registrant's test session where the interview is scored, once seated in one. */
      score_session_id: z.number().int().nullable(),
    }),
  ),
});
export type AppointmentDaySlot = z.infer<typeof appointmentDaySlotSchema>;
export const appointmentDayResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(appointmentDaySlotSchema),
});

/** A registrant's live booking as the parent sees it. */
export const appointmentBookingSchema = z.object({
  kind: z.enum(APPOINTMENT_KINDS),
  slot: appointmentSlotSchema,
  booked_at: z.string(),
  /** Until when the parent may still move or cancel it. */
  change_until: z.string(),
  can_change: z.boolean(),
});
export type AppointmentBooking = z.infer<typeof appointmentBookingSchema>;

/** GET /registrant/appointment/{id}: the registrant's bookings and the slots still open with places. */
export const parentAppointmentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    bookings: z.array(appointmentBookingSchema),
    slots: z.array(appointmentSlotSchema),
  }),
});
export type ParentAppointments = z.infer<typeof parentAppointmentsResponseSchema>['data'];

/** POST (book) and PUT (move) /registrant/appointment/{id}. */
export const appointmentBookSchema = z.strictObject({
  appointment_slot_id: strictId('Pilih slot jadwal.'),
});
export const appointmentKindParamsSchema = z.object({
  id: strictId(),
  kind: z.enum(APPOINTMENT_KINDS, { error: 'Jenis jadwal tidak dikenal.' }),
});
export const appointmentBookResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: appointmentBookingSchema,
});
