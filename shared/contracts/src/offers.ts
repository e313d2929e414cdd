import { strictId } from './ids';
import { DECLINE_REASONS, OFFER_MSG, OFFER_STATES, OFFER_VIEW_STATES } from './offer-states';
import { z } from './zod';

export * from './offer-states';

/** The contract of the offers' routes (see offer-states.ts for what an offer is). */
export const offerSchema = z.object({
  id: z.number(),
  registrant_id: z.number(),
  registration_number: z.string().nullable(),
  name: z.string().nullable(),
  state: z.enum(OFFER_STATES),
  view_state: z.enum(OFFER_VIEW_STATES),
  deadline_at: z.string(),
  reason: z.string().nullable(),
  reserve_rank: z.number().nullable(),
  decline_reason: z.string().nullable(),
  decline_note: z.string().nullable(),
  answered_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  signed_by: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The parent's view of a registrant's offer, or of their place on the reserve list. */
export const parentOfferSchema = z.object({
  offer: offerSchema.nullable(),
  /** The agreement to read and sign while the offer is open (filled for this registrant). */
  agreement: z.object({ title: z.string(), text: z.string(), parent_name: z.string() }).nullable(),
  reserve: z.object({ rank: z.number(), held_by_open_offers: z.number() }).nullable(),
});
export type ParentOffer = z.infer<typeof parentOfferSchema>;
export const parentOfferResponseSchema = z.object({ success: z.literal(true), data: parentOfferSchema });

export const signOfferSchema = z.strictObject({
  full_name: z
    .string({ error: 'Nama lengkap wajib diisi.' })
    .trim()
    .min(1, { error: 'Nama lengkap wajib diisi.' })
    .max(150, { error: 'Nama lengkap maksimal 150 karakter.' }),
  consent: z.literal(true, { error: OFFER_MSG.consentRequired }),
});

export const declineOfferSchema = z.strictObject({
  reason: z.enum(DECLINE_REASONS, { error: OFFER_MSG.reasonRequired }),
  note: z.string().trim().max(500, { error: 'Keterangan maksimal 500 karakter.' }).optional(),
});

/** Expired offers staff open again, or open offers whose families are reminded. */
export const offerIdsSchema = z.strictObject({
  offer_ids: z.array(strictId()).min(1, { error: 'Pilih penawaran.' }).max(500),
});

export const extendOffersSchema = offerIdsSchema.extend({
  deadline: z
    .string({ error: 'Tanggal batas wajib diisi.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Tanggal batas tidak valid.' }),
});

export const offerListQuerySchema = z.object({
  school_period_id: strictId('Periode wajib dipilih.'),
  state: z.enum(OFFER_VIEW_STATES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const offerListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(offerSchema),
  counts: z.object({
    open: z.number(),
    accepted: z.number(),
    declined: z.number(),
    expired: z.number(),
    re_registered: z.number(),
  }),
  settings: z.object({ deadline_days: z.number(), refill: z.enum(['auto', 'staff']) }),
  /** Why families declined, every reason of the list with its count (most first), over the whole period. */
  decline_reasons: z.array(z.object({ reason: z.string(), count: z.number() })),
});

export const offerSettingsSchema = z.strictObject({
  school_period_id: strictId('Periode wajib dipilih.'),
  deadline_days: z
    .number({ error: 'Lama penawaran wajib diisi.' })
    .int({ error: 'Lama penawaran harus bilangan bulat.' })
    .min(1, { error: 'Lama penawaran minimal 1 hari.' })
    .max(90, { error: 'Lama penawaran maksimal 90 hari.' }),
  refill: z.enum(['auto', 'staff'], { error: 'Cara mengisi kursi tidak dikenal.' }),
});
