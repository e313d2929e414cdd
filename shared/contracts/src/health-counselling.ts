import { z } from './zod';

/**
 * A registrant's health data and counselling notes as staff read them back: every field, `null` when not
 * filled in yet (a registrant without a saved row answers all `null`), and when it was last saved.
 */
export const healthDataSchema = z.object({
  registrant_id: z.number().int(),
  height_cm: z.number().nullable(),
  weight_kg: z.number().nullable(),
  blood_type: z.enum(['A', 'B', 'AB', 'O']).nullable(),
  vision: z.string().nullable(),
  hearing: z.string().nullable(),
  allergies: z.string().nullable(),
  medical_history: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type HealthData = z.infer<typeof healthDataSchema>;

export const counsellingSchema = z.object({
  registrant_id: z.number().int(),
  counselor_name: z.string().nullable(),
  observation: z.string().nullable(),
  recommendation: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Counselling = z.infer<typeof counsellingSchema>;

export const healthDataResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: healthDataSchema,
});
export const counsellingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: counsellingSchema,
});
