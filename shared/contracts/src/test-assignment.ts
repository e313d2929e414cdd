import { hasNoRepeats, strictId } from './ids';
import { z } from './zod';

/**
 * Placing registrants in test sessions: automatically (by the order they submitted, into the earliest
 * session with a free seat) or by hand (into one chosen session, moving them out of another session of the
 * same test type). A session never holds more than its quota nor more than its room's capacity.
 */

export const ASSIGN_MSG = {
  assigned: (n: number) => `${n} calon murid berhasil dijadwalkan.`,
  noneAssigned: 'Tidak ada calon murid yang dijadwalkan.',
  sessionFull: (name: string, free: number) =>
    free > 0
      ? `Sesi ${name} hanya tersisa ${free} kursi.`
      : `Sesi ${name} sudah penuh. Pilih sesi lain atau tambah kuotanya.`,
  sessionClosed: 'Sesi tes ini sudah tidak aktif.',
  otherPeriod: 'Calon murid ini tidak terdaftar pada periode sesi tes tersebut.',
  notEligible: 'Calon murid ini belum mengirim formulir atau sudah tidak dalam proses tes.',
  alreadyScored: 'Calon murid ini sudah dinilai pada sesinya, sehingga tidak dapat dipindahkan.',
  noSchedule: 'Periode pendaftaran calon murid ini belum memiliki jadwal tes.',
  noSeat: 'Semua sesi tes yang tersedia sudah penuh.',
  alreadyAssigned: 'Sudah terjadwal pada tipe tes ini.',
  changed: 'Data sesi berubah saat diproses. Silakan coba lagi.',
  bulkStarted: 'Penjadwalan sedang berjalan di latar belakang.',
  unassigned: 'Jadwal tes calon murid dihapus dan kursinya dibebaskan.',
  idsRequired: 'Pilih minimal satu calon murid.',
  idsTooMany: 'Paling banyak 500 calon murid sekaligus; gunakan penjadwalan satu periode.',
  restored: 'Jadwal tes calon murid dipulihkan.',
  stillSeated: 'Jadwal tes ini masih aktif.',
  seatedElsewhere: 'Calon murid ini sudah memiliki jadwal lain pada tipe tes ini.',
} as const;

const ids = z
  .array(strictId('Calon murid tidak valid.'), { error: ASSIGN_MSG.idsRequired })
  .min(1, ASSIGN_MSG.idsRequired)
  .max(500, ASSIGN_MSG.idsTooMany)
  .refine(hasNoRepeats, 'Calon murid yang sama dipilih lebih dari sekali.');

/**
 * POST /registrant/assign/test. With `mst_test_detail_id`: by hand, every registrant into that session (all
 * or none; a registrant seated in another session of the same test type is moved and that seat freed).
 * Without it: automatically, for `mst_test_id` or else every active test schedule of the registrant's period.
 */
export const assignTestSchema = z.strictObject({
  registrant_ids: ids,
  mst_test_detail_id: strictId('Pilih sesi tes.').optional(),
  mst_test_id: strictId('Pilih tipe tes.').optional(),
  /** Tell the parents (through the outbox); default yes. */
  send_notification: z.boolean({ error: 'Kirim notifikasi harus ya atau tidak.' }).optional(),
});
export type AssignTest = z.input<typeof assignTestSchema>;

export const ASSIGN_METHODS = ['auto', 'manual'] as const;
export type AssignMethod = (typeof ASSIGN_METHODS)[number];

export const assignedSeatSchema = z.object({
  registrant_id: z.number().int(),
  registrant_test_id: z.number().int(),
  mst_test_id: z.number().int(),
  mst_test_detail_id: z.number().int(),
  /** The session the registrant was moved out of (its seat is free again). */
  moved_from: z.number().int().nullable(),
});
export const skippedSeatSchema = z.object({
  registrant_id: z.number().int(),
  mst_test_id: z.number().int().nullable(),
  reason: z.string(),
});
export const assignTestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ assigned: z.array(assignedSeatSchema), skipped: z.array(skippedSeatSchema) }),
});
export type AssignTestResult = z.infer<typeof assignTestResponseSchema>['data'];

/** POST /registrant/assign/test/period: every submitted registrant of the period without a seat, as a job. */
export const assignPeriodSchema = z.strictObject({
  school_period_id: strictId('Pilih periode pendaftaran.'),
  mst_test_id: strictId('Pilih tipe tes.').optional(),
  send_notification: z.boolean({ error: 'Kirim notifikasi harus ya atau tidak.' }).optional(),
  /** One per dialog: a repeated click answers with the job already started. */
  request_key: z
    .string({ error: 'Kunci permintaan tidak valid.' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Kunci permintaan tidak valid.')
    .optional(),
});
export type AssignPeriod = z.output<typeof assignPeriodSchema>;

export const assignJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  /** Registrants left without a seat (every session full). */
  failed: z.number().int(),
  error: z.string().nullable(),
});
export type AssignJob = z.infer<typeof assignJobSchema>;
export const assignJobResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: assignJobSchema,
});

/** GET /registrant_tests: a period's submitted registrants with their seat of one test type. */
export const registrantTestQuerySchema = z.strictObject({
  school_period_id: strictId('Pilih periode pendaftaran.'),
  mst_test_id: strictId('Pilih tipe tes.'),
  mst_test_detail_id: strictId('Sesi tes tidak valid.').optional(),
  assigned: z.enum(['yes', 'no'], { error: 'Filter jadwal harus yes atau no.' }).optional(),
  search: z.string().trim().max(100, 'Pencarian maksimal 100 karakter.').optional(),
  page: z.coerce.number({ error: 'Halaman tidak valid.' }).int().min(1, 'Halaman tidak valid.').default(1),
  page_size: z.coerce
    .number({ error: 'Jumlah per halaman tidak valid.' })
    .int()
    .min(1, 'Jumlah per halaman tidak valid.')
    .max(100, 'Jumlah per halaman maksimal 100.')
    .default(25),
});
export type RegistrantTestQuery = z.output<typeof registrantTestQuerySchema>;

export const registrantTestRowSchema = z.object({
  registrant_id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  submitted_at: z.string().nullable(),
  registrant_test_id: z.number().int().nullable(),
  mst_test_detail_id: z.number().int().nullable(),
  session_name: z.string().nullable(),
  test_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  room_name: z.string().nullable(),
  assign_method: z.enum(ASSIGN_METHODS).nullable(),
  assigned_at: z.string().nullable(),
  /** When the registrant's test card was first published to the parent; null while it is not. */
  test_announcement_published_at: z.string().nullable(),
});
export type RegistrantTestRow = z.infer<typeof registrantTestRowSchema>;

export const sessionSeatsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  test_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_name: z.string(),
  quota: z.number().int(),
  capacity: z.number().int(),
  used_quota: z.number().int(),
  /** Seats still free: the smaller of quota and room capacity, less the seats taken. */
  free: z.number().int(),
  is_active: z.boolean(),
});
export type SessionSeats = z.infer<typeof sessionSeatsSchema>;

export const registrantTestListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(registrantTestRowSchema),
  total: z.number().int(),
  /** Registrants of the period (with the filters but `assigned`) with and without a seat. */
  counts: z.object({ assigned: z.number().int(), unassigned: z.number().int() }),
  /** The period's sessions of the test type with their seats. */
  sessions: z.array(sessionSeatsSchema),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** GET /registrant/test_schedule/{id}: what the parent sees (and staff with read on Jadwal Tes/Observasi). */
export const testScheduleItemSchema = z.object({
  registrant_test_id: z.number().int(),
  mst_test_name: z.string(),
  session_name: z.string(),
  /** `YYYY-MM-DD`; times are WIB `HH:MM`. */
  test_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_name: z.string(),
  room_location: z.string().nullable(),
  /** The test type's list and the session's own notes. */
  bring_items: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TestScheduleItem = z.infer<typeof testScheduleItemSchema>;
export const testScheduleResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(testScheduleItemSchema),
});

/** POST /registrant_test: one registrant into one session by hand (the seat-by-seat form of the assignment). */
export const registrantTestCreateSchema = z.strictObject({
  registrant_id: strictId('Pilih calon murid.'),
  mst_test_detail_id: strictId('Pilih sesi tes.'),
  send_notification: z.boolean({ error: 'Kirim notifikasi harus ya atau tidak.' }).optional(),
});
/** PUT /registrant_test/{id}: the seat moved to another session of its test type. */
export const registrantTestMoveSchema = registrantTestCreateSchema.omit({ registrant_id: true });

/** One seat (archived ones too: `deleted_at` set once taken away). */
export const registrantTestSchema = z.object({
  id: z.number().int(),
  registrant_id: z.number().int(),
  registration_number: z.string(),
  name: z.string().nullable(),
  mst_test_id: z.number().int(),
  mst_test_detail_id: z.number().int(),
  session_name: z.string(),
  test_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room_name: z.string(),
  assign_method: z.enum(ASSIGN_METHODS),
  assigned_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type RegistrantTest = z.infer<typeof registrantTestSchema>;
export const registrantTestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: registrantTestSchema,
});
