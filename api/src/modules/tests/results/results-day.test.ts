import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(180_000);

const t = appPerFile();

/**
 * Results day: the public status check and each parent's result are answered from answers kept per the
 * database's `results` version. A change made straight in the database (no api call to forget a kept answer)
 * must show at the very next request.
 */
describe('results day reads', () => {
  it("a parent's result follows a change made in the database at the next read", async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const r = await verifiedRegistrant(t, p);
    const result = () =>
      call(t.app, { method: 'GET', url: api(`/registrant/graduation/${r.id}`), token: r.parent.token });
    expect((await result()).body.data).toEqual({ published: false, result: null, bills: [] });
    expect((await result()).body.data).toEqual({ published: false, result: null, bills: [] });

    await t.ownerPool.query(
      "UPDATE registrants SET mst_accepted_status_id = $1, result_note = 'LANGSUNG-DI-DB', result_published_at = now(), status = 'accepted' WHERE id = $2",
      [s.accepted.id, r.id],
    );
    expect((await result()).body.data).toMatchObject({
      published: true,
      result: { status_name: s.accepted.name, note: 'LANGSUNG-DI-DB' },
    });
    await t.ownerPool.query('UPDATE mst_accepted_statuses SET name = $1 WHERE id = $2', [
      'Diterima (ralat)',
      s.accepted.id,
    ]);
    expect((await result()).body.data).toMatchObject({ result: { status_name: 'Diterima (ralat)' } });

    // The kept answer is the caller's own: another parent still gets nothing.
    const other = await verifiedRegistrant(t, p);
    const theirs = await call(t.app, {
      method: 'GET',
      url: api(`/registrant/graduation/${r.id}`),
      token: other.parent.token,
    });
    expect(theirs.status).toBe(404);
  });

  it('the public status check follows a change made in the database at the next check', async () => {
    const p = await openPeriod(t);
    const r = await verifiedRegistrant(t, p);
    const { rows } = await t.ownerPool.query(
      'UPDATE registrants SET question_answer = question_answer || \'{"4": "2019-05-17"}\'::jsonb WHERE id = $1 RETURNING registration_number',
      [r.id],
    );
    const number = rows[0].registration_number as string;
    const check = () =>
      call(t.app, {
        method: 'POST',
        url: api('/public/registrant/status'),
        payload: { registration_number: number, birth_date: '2019-05-17' },
      });
    const before = await check();
    expect(before.status).toBe(200);
    expect((await check()).body).toEqual(before.body);

    await t.ownerPool.query("UPDATE registrants SET name = 'Budi Santoso' WHERE id = $1", [r.id]);
    const after = await check();
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ name: 'Bu*** Sa***' });

    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [r.id]);
    expect((await check()).status).toBe(404);
  });

  it('a kept result is never given to a parent signed out, re-keyed or held to a temporary password since their last read', async () => {
    const p = await openPeriod(t);
    const read = (r: Awaited<ReturnType<typeof verifiedRegistrant>>) =>
      call(t.app, { method: 'GET', url: api(`/registrant/graduation/${r.id}`), token: r.parent.token });
    // Each parent reads twice first: the answer is kept and their token has passed a check.
    const signedOut = await verifiedRegistrant(t, p);
    const rekeyed = await verifiedRegistrant(t, p);
    const temporary = await verifiedRegistrant(t, p);
    for (const r of [signedOut, rekeyed, temporary]) {
      expect((await read(r)).status).toBe(200);
      expect((await read(r)).status).toBe(200);
    }
    const logout = await call(t.app, { method: 'POST', url: api('/logout'), token: signedOut.parent.token });
    expect(logout.status).toBe(200);
    const afterLogout = await read(signedOut);
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.data).toBeUndefined();

    await t.ownerPool.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [
      rekeyed.userId,
    ]);
    expect((await read(rekeyed)).status).toBe(401);

    await t.ownerPool.query('UPDATE users SET must_change_password = true WHERE id = $1', [temporary.userId]);
    const held = await read(temporary);
    expect(held.status).toBe(403);
    expect(held.body.message).toBe('Ganti kata sandi sementara Anda terlebih dahulu.');
  });
});
