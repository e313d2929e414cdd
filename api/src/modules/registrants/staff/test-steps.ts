import { flagsOf, type RegistrantStatus } from '@psb/contracts';
import type { AppPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { completeAnswers, newRegistrant } from '../../../../test/parent-journey';

/** Steps the staff registrant tests take again and again, on the file's app. */
export function registrantSteps(t: AppPerFile) {
  /** Puts a registrant into a state with the flags that state implies (as if it had got there). */
  async function setStatus(id: number, status: RegistrantStatus) {
    const f = flagsOf(status) ?? flagsOf('submitted')!;
    await t.ownerPool.query(
      `UPDATE registrants SET status = $2, is_submit = $3, is_verified = $4, is_test = $5, is_accepted = $6,
         locked = $7, deleted_at = NULL, withdrawn_at = NULL WHERE id = $1`,
      [id, status, f.is_submit, f.is_verified, f.is_test ?? false, f.is_accepted ?? null, f.locked],
    );
    await t.ownerPool.query('DELETE FROM registrant_status_history WHERE registrant_id = $1', [id]);
  }

  const statusOf = async (id: number) =>
    (await t.ownerPool.query('SELECT status FROM registrants WHERE id = $1', [id])).rows[0].status as string;
  const historyOf = async (id: number) =>
    (
      await t.ownerPool.query(
        `SELECT h.action, h.from_status, h.to_status, h.reason, u.email
         FROM registrant_status_history h LEFT JOIN users u ON u.tenant_id = h.tenant_id AND u.id = h.user_id
         WHERE h.registrant_id = $1 ORDER BY h.id`,
        [id],
      )
    ).rows;

  /** A registrant whose form is complete (every required answer given), still a draft. */
  async function completeRegistrant() {
    const r = await newRegistrant(t);
    const res = await call(t.app, {
      method: 'POST',
      url: api('/registrant_answer'),
      token: r.parent.token,
      payload: { registrant_id: r.id, data: completeAnswers() },
    });
    expect(res.status).toBe(200);
    return r;
  }

  return { setStatus, statusOf, historyOf, completeRegistrant };
}
