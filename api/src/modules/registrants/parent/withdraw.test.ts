import { REGISTRANT_MSG, VOUCHER_MSG } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { newParent, newRegistrant, redeem } from '../../../../test/parent-journey';

const t = appPerFile({ signIn: false });

describe('withdrawing an application', () => {
  const withdraw = (token: string, id: number, payload: object = { reason: 'Salah pilih sekolah' }) =>
    call(t.app, { method: 'POST', url: `/api/v1/registrant/withdraw/${id}`, token, payload });

  it('withdraws an unverified (even submitted) registrant, keeps the row and releases the voucher to the same parent', async () => {
    const r = await newRegistrant(t);
    await t.ownerPool.query(
      "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
      [r.id],
    );
    const stranger = await newParent(t);
    expect((await withdraw(stranger.token, r.id)).status).toBe(404);

    const res = await withdraw(r.parent.token, r.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(REGISTRANT_MSG.withdrawn);
    const list = await call(t.app, { method: 'GET', url: '/api/v1/registrants', token: r.parent.token });
    expect(list.body.data).toEqual([]);
    expect((await withdraw(r.parent.token, r.id)).status).toBe(404);

    const row = await t.ownerPool.query(
      'SELECT withdrawn_at, withdraw_reason, deleted_at, token_id FROM registrants WHERE id = $1',
      [r.id],
    );
    expect(row.rows[0]).toMatchObject({ withdraw_reason: 'Salah pilih sekolah' });
    expect(row.rows[0].withdrawn_at).not.toBeNull();
    const voucher = await t.ownerPool.query(
      'SELECT token, used_at, registrant_id, owner_user_id FROM mst_tokens WHERE id = $1',
      [row.rows[0].token_id],
    );
    expect(voucher.rows[0]).toMatchObject({ used_at: null, registrant_id: null });
    const audit = await t.ownerPool.query(
      `SELECT 1 FROM audit_log WHERE action = 'withdraw' AND resource = 'registrants' AND record_id = $1`,
      [r.id],
    );
    expect(audit.rowCount).toBe(1);

    // The same parent registers again with the released voucher; another parent cannot take it.
    const code = voucher.rows[0].token as string;
    const place = { school_id: r.schoolId, school_period_id: r.periodId, mst_class_id: r.classId };
    const other = await redeem(t, stranger.token, { token: code, ...place });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(VOUCHER_MSG.otherAccount);
    const again = await redeem(t, r.parent.token, { token: code, ...place });
    expect(again.status).toBe(201);
  });

  it('refuses a verified registrant with 409, and unknown fields with 400', async () => {
    const r = await newRegistrant(t);
    expect((await withdraw(r.parent.token, r.id, { reason: 'x', extra: 1 })).status).toBe(400);
    await t.ownerPool.query(
      "UPDATE registrants SET status = 'verified', is_submit = true, is_verified = true, locked = true WHERE id = $1",
      [r.id],
    );
    const res = await withdraw(r.parent.token, r.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REGISTRANT_MSG.withdrawVerified);
    const list = await call(t.app, { method: 'GET', url: '/api/v1/registrants', token: r.parent.token });
    expect(list.body.data).toHaveLength(1);
  });
});
