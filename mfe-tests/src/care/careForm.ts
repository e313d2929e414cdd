import type { Counselling, HealthData, HealthDataBody } from '@psb/contracts/test-scoring';

/** What the health form holds: numbers as typed (empty = not filled in), texts as typed. */
export interface HealthValues {
  height_cm: number | string;
  weight_kg: number | string;
  blood_type: string | null;
  vision: string;
  hearing: string;
  allergies: string;
  medical_history: string;
  notes: string;
}
export type CounsellingValues = Record<'counselor_name' | 'observation' | 'recommendation' | 'notes', string>;

const num = (v: number | string): number | null => {
  if (typeof v === 'number') return v;
  const t = v.trim().replace(',', '.');
  return t === '' ? null : Number(t);
};

export const healthValues = (d: HealthData): HealthValues => ({
  height_cm: d.height_cm ?? '',
  weight_kg: d.weight_kg ?? '',
  blood_type: d.blood_type,
  vision: d.vision ?? '',
  hearing: d.hearing ?? '',
  allergies: d.allergies ?? '',
  medical_history: d.medical_history ?? '',
  notes: d.notes ?? '',
});

/** The whole form as the request body: an emptied field is sent empty, so saving clears it. */
export const healthBody = (v: HealthValues): HealthDataBody => ({
  height_cm: num(v.height_cm),
  weight_kg: num(v.weight_kg),
  blood_type: (v.blood_type || null) as HealthDataBody['blood_type'],
  vision: v.vision,
  hearing: v.hearing,
  allergies: v.allergies,
  medical_history: v.medical_history,
  notes: v.notes,
});

export const counsellingValues = (d: Counselling): CounsellingValues => ({
  counselor_name: d.counselor_name ?? '',
  observation: d.observation ?? '',
  recommendation: d.recommendation ?? '',
  notes: d.notes ?? '',
});

interface Checkable {
  safeParse(v: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/**
 * Form errors from the contract's own schema (the messages the server would answer, in Indonesian), so the
 * form refuses what the server would before sending it: field name → first message.
 */
export function errorsOf<V>(schema: Checkable, toBody: (v: V) => unknown) {
  return (values: V): Record<string, string> => {
    const r = schema.safeParse(toBody(values));
    const errors: Record<string, string> = {};
    for (const issue of r.error?.issues ?? []) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  };
}
