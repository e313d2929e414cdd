import { z } from 'zod';
import { UPLOAD_FOLDER_LABELS, UPLOAD_FOLDERS, type UploadFolder } from './registrants';

/**
 * Each document of a registrant verified on its own: the current version of a document waits, is accepted or
 * is rejected with a reason; a required document never uploaded is "missing".
 */
export const DOCUMENT_STATES = ['missing', 'waiting', 'accepted', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  missing: 'Belum diunggah',
  waiting: 'Menunggu verifikasi',
  accepted: 'Diterima',
  rejected: 'Ditolak',
};
export const DOCUMENT_STATE_COLORS: Record<DocumentState, string> = {
  missing: 'gray',
  waiting: 'yellow',
  accepted: 'green',
  rejected: 'red',
};

/** The reasons every tenant starts with; staff add their own beside them. */
export const DEFAULT_REJECT_REASONS = [
  'Foto/dokumen buram atau tidak terbaca',
  'Dokumen terpotong atau tidak lengkap',
  'Bukan dokumen yang diminta',
  'Nama atau data tidak sesuai dengan formulir',
] as const;

export const DOCUMENT_MSG = {
  accepted: 'Dokumen diterima.',
  rejected: 'Dokumen ditolak. Orang tua sudah diberi tahu.',
  notWaiting: 'Dokumen ini tidak sedang menunggu verifikasi.',
  notUploaded: 'Dokumen ini belum diunggah.',
  reasonRequired: 'Alasan penolakan wajib dipilih.',
  requirementsSaved: 'Dokumen wajib disimpan.',
  reasonAdded: 'Alasan penolakan ditambahkan.',
  reasonRemoved: 'Alasan penolakan dihapus.',
  reasonExists: 'Alasan penolakan ini sudah ada.',
  overrideNeedsReason: 'Alasan melewati pemeriksaan dokumen wajib diisi.',
  /** Verifying is refused while a required document is not accepted. */
  missingDocumentsLead: 'Calon murid belum dapat diverifikasi: dokumen wajib belum diterima',
  missingDocuments: (labels: string[]) =>
    `Calon murid belum dapat diverifikasi: dokumen wajib belum diterima (${labels.join(', ')}).`,
} as const;

export const documentLabel = (folder: string) => UPLOAD_FOLDER_LABELS[folder as UploadFolder] ?? folder;

const folderSchema = z.enum(UPLOAD_FOLDERS, { error: 'Jenis dokumen harus photo, akta atau kk.' });

export const documentVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
  state: z.enum(['waiting', 'accepted', 'rejected']),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** One document of a registrant: whether the school requires it, its state and its versions (newest first). */
export const registrantDocumentSchema = z.object({
  folder: folderSchema,
  label: z.string(),
  required: z.boolean(),
  state: z.enum(DOCUMENT_STATES),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  versions: z.array(documentVersionSchema),
});
export type RegistrantDocument = z.infer<typeof registrantDocumentSchema>;

/** GET /registrant/documents/{id} (staff) and /registrant/document_states/{id} (its parent). */
export const registrantDocumentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    registrant: z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      registration_number: z.string().nullable(),
      status: z.string(),
      school_name: z.string().nullable(),
      /** The registrant's identity answers, as the staff compare them with the document. */
      facts: z.array(z.object({ label: z.string(), text: z.string() })),
    }),
    documents: z.array(registrantDocumentSchema),
  }),
});
export type RegistrantDocuments = z.infer<typeof registrantDocumentsResponseSchema>['data'];

export const documentParamsSchema = z.object({
  id: z.coerce.number({ error: 'ID tidak valid.' }).int('ID tidak valid.').positive('ID tidak valid.'),
  folder: folderSchema,
});

/** PUT /registrant/documents/{id}/{folder}/reject. */
export const rejectDocumentSchema = z.strictObject({
  reason: z
    .string({ error: DOCUMENT_MSG.reasonRequired })
    .trim()
    .min(1, DOCUMENT_MSG.reasonRequired)
    .max(200, 'Alasan maksimal 200 karakter.'),
  note: z.string().trim().max(500, 'Keterangan maksimal 500 karakter.').optional(),
});
export type RejectDocumentRequest = z.infer<typeof rejectDocumentSchema>;

/** GET /registrants/documents/queue: the waiting documents of the caller's schools, oldest first. */
export const documentQueueQuerySchema = z.object({
  school_id: z.coerce.number({ error: 'Sekolah tidak valid.' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'Batas harus berupa angka.' }).int().min(1).max(200).optional(),
});
export const documentQueueItemSchema = z.object({
  registrant_id: z.number().int(),
  folder: folderSchema,
  label: z.string(),
  name: z.string().nullable(),
  registration_number: z.string().nullable(),
  school_name: z.string().nullable(),
  uploaded_at: z.string(),
  version: z.number().int(),
});
export type DocumentQueueItem = z.infer<typeof documentQueueItemSchema>;
export const documentQueueResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(documentQueueItemSchema),
  /** How many wait, counted up to 1,000. */
  total: z.number().int(),
  /** More than `total` wait (a long queue is not counted to its end). */
  more: z.boolean(),
});

/** The reasons a rejection is chosen from: the defaults and the tenant's own (those carry an id). */
export const rejectReasonSchema = z.object({ id: z.number().int().nullable(), label: z.string() });
export const rejectReasonsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(rejectReasonSchema),
});
export const rejectReasonAddedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: rejectReasonSchema,
});
export const newRejectReasonSchema = z.strictObject({
  label: z
    .string({ error: 'Alasan wajib diisi.' })
    .trim()
    .min(1, 'Alasan wajib diisi.')
    .max(200, 'Alasan maksimal 200 karakter.'),
});

/** GET / PUT /registrant/document_requirements/{school_id}: the documents a school requires. */
export const documentRequirementsSchema = z.strictObject({
  folders: z.array(folderSchema).max(UPLOAD_FOLDERS.length),
});
export const documentRequirementsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ school_id: z.number().int(), folders: z.array(folderSchema) }),
});

/** PUT /registrant/verify/{id}: an optional note, and the reason when staff verify despite missing documents. */
export const verifyRegistrantSchema = z
  .strictObject({
    reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter.').optional(),
    override_reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter.').optional(),
  })
  .nullish();
