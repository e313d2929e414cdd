import { type Answers, SENSITIVE_MODULE, SENSITIVE_QUESTION_NOS } from '@psb/contracts';
import type { Db } from '../../../db/tenant-db';
import { type StaffAuth, staffMay } from '../../../lib/staff-may';

/** Whether the staff caller may see sensitive answers (the Data Sensitif module; superadmin always). */
export const maySeeSensitive = (auth: StaffAuth) => staffMay(auth, SENSITIVE_MODULE, 'read');

/** The sensitive questions a set of answers holds a value for. */
export const sensitiveAnswered = (answers: Answers | Record<string, unknown>) =>
  SENSITIVE_QUESTION_NOS.filter((no) => {
    const v = (answers as Record<string, unknown>)[String(no)];
    return v !== undefined && v !== null && v !== '';
  });

/** The answers without their sensitive ones, and which were left out. */
export function withoutSensitive<A extends Record<string, unknown>>(answers: A) {
  const hidden = sensitiveAnswered(answers);
  const kept = { ...answers };
  for (const no of hidden) delete kept[String(no)];
  return { answers: kept, hidden };
}

/** Writes that a staff member was shown these sensitive answers of these registrants (none shown: nothing). */
export async function logSensitiveViews(
  db: Db,
  tenantId: number,
  staffUserId: number,
  via: 'detail' | 'export',
  views: readonly { registrantId: number; questionNos: readonly number[] }[],
) {
  const shown = views.filter((v) => v.questionNos.length > 0);
  if (shown.length === 0) return;
  await db
    .insertInto('sensitive_views')
    .values(
      shown.map((v) => ({
        tenant_id: tenantId,
        staff_user_id: staffUserId,
        registrant_id: v.registrantId,
        question_nos: [...v.questionNos],
        via,
      })),
    )
    .execute();
}
