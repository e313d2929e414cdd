import { healthDataBodySchema } from '@psb/contracts/test-scoring';
import { errorsOf, healthBody, healthValues } from './careForm';

const empty = healthValues({
  registrant_id: 1,
  height_cm: null,
  weight_kg: null,
  blood_type: null,
  vision: null,
  hearing: null,
  allergies: null,
  medical_history: null,
  notes: null,
  updated_at: null,
});
const check = errorsOf(healthDataBodySchema, healthBody);

describe('health data form', () => {
  it('sends empty numbers as null and reads comma decimals', () => {
    expect(healthBody({ ...empty, height_cm: '121,5' })).toMatchObject({
      height_cm: 121.5,
      weight_kg: null,
      blood_type: null,
    });
    expect(check(empty)).toEqual({});
  });

  it('refuses what the server refuses, with its Indonesian messages', () => {
    expect(check({ ...empty, height_cm: 400, weight_kg: 'berat', notes: 'x'.repeat(1001) })).toEqual({
      height_cm: 'Tinggi badan harus antara 1 dan 299 cm.',
      weight_kg: 'Berat badan harus angka (kg).',
      notes: 'Paling banyak 1000 karakter.',
    });
    expect(check({ ...empty, blood_type: 'C' })).toEqual({ blood_type: 'Golongan darah A, B, AB atau O.' });
  });
});
