import {
  type Counselling,
  type counsellingBodySchema,
  type HealthData,
  type healthDataBodySchema,
  TEST_SCORE_MSG,
} from '@psb/contracts';
import type { z } from 'zod';
import type { TenantConn } from '../../../db/tenant-db';
import { notFound } from '../../../lib/http-error';
import { findRegistrant } from './repository';
import { findCounselling, findHealthData, upsertCare } from './repository-care';

const EMPTY_HEALTH = {
  height_cm: null,
  weight_kg: null,
  blood_type: null,
  vision: null,
  hearing: null,
  allergies: null,
  medical_history: null,
  notes: null,
  updated_at: null,
} as const;
const EMPTY_COUNSELLING = {
  counselor_name: null,
  observation: null,
  recommendation: null,
  notes: null,
  updated_at: null,
} as const;

/** A registrant the caller may not see (another school, archived) is not found, for reads and writes. */
async function ensureRegistrant(c: TenantConn, registrantId: number) {
  if (!(await findRegistrant(c.db, c.tenantId, registrantId)))
    throw notFound(TEST_SCORE_MSG.registrantNotFound);
}

/** Health data as saved; a registrant without a row yet answers every field empty. */
export async function readHealthData(c: TenantConn, registrantId: number): Promise<HealthData> {
  await ensureRegistrant(c, registrantId);
  const row = await findHealthData(c.db, c.tenantId, registrantId);
  return row ?? { registrant_id: registrantId, ...EMPTY_HEALTH };
}

export async function readCounselling(c: TenantConn, registrantId: number): Promise<Counselling> {
  await ensureRegistrant(c, registrantId);
  const row = await findCounselling(c.db, c.tenantId, registrantId);
  return row ?? { registrant_id: registrantId, ...EMPTY_COUNSELLING };
}

const sent = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

/** Only the fields sent change; a registrant without a row gets one. Answers the row before and after. */
export async function saveHealthData(
  c: TenantConn,
  userId: number,
  registrantId: number,
  body: z.infer<typeof healthDataBodySchema>,
) {
  const before = await readHealthData(c, registrantId);
  await upsertCare(c.db, 'registrant_health_data', c.tenantId, userId, registrantId, sent(body));
  return { before, after: await readHealthData(c, registrantId) };
}

export async function saveCounselling(
  c: TenantConn,
  userId: number,
  registrantId: number,
  body: z.infer<typeof counsellingBodySchema>,
) {
  const before = await readCounselling(c, registrantId);
  await upsertCare(c.db, 'registrant_bimbingan_konseling', c.tenantId, userId, registrantId, sent(body));
  return { before, after: await readCounselling(c, registrantId) };
}
