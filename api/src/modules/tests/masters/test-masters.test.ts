/**
 * The test master data beyond the engine's table-driven cycle: a session's room and quota rules, and the demo
 * seed's test types and sessions.
 */

import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';

const one = async (sql: string, values: unknown[] = []) =>
  (await t.ownerPool.query<{ id: number }>(sql, values)).rows[0]!.id;

const t = appPerFile();

async function session(payload: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: api('/mst_test_detail'), token: t.admin, payload });
}

describe('sessions (mst_test_detail)', () => {
  it('refuses a quota above the room capacity, a room of another school, and a quota below the seats taken', async () => {
    const d = await demo(t);
    const periodSd = await one('SELECT id FROM school_periods WHERE school_id = $1 LIMIT 1', [d.sd]);
    const roomSd = await one("SELECT id FROM mst_rooms WHERE name = 'Ruang Tes SD'");
    const roomSmp = await one("SELECT id FROM mst_rooms WHERE name = 'Ruang Tes SMP'");
    const testType = await one("SELECT id FROM mst_tests WHERE code = 'TT'");
    const base = {
      name: 'Sesi Kapasitas',
      mst_test_id: testType,
      school_period_id: periodSd,
      mst_room_id: roomSd,
      test_date: '2027-02-01',
      start_time: '08:00',
      end_time: '09:30',
    };

    const over = await session({ ...base, quota: 31 });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ quota: 'Kuota tidak boleh melebihi kapasitas ruangan (30 orang).' });

    const otherSchool = await session({ ...base, mst_room_id: roomSmp, quota: 10 });
    expect(otherSchool.status).toBe(400);
    expect(Object.keys(otherSchool.body.errors ?? {})).toEqual(['mst_room_id']);

    const order = await session({ ...base, start_time: '10:00', end_time: '09:00', quota: 10 });
    expect(order.status).toBe(400);
    expect(order.body.errors).toEqual({ end_time: 'Jam selesai harus setelah jam mulai.' });
    const badTime = await session({ ...base, start_time: '8 pagi', quota: 10 });
    expect(badTime.status).toBe(400);
    expect(Object.keys(badTime.body.errors ?? {})).toEqual(['start_time']);

    const ok = await session({ ...base, quota: 30 });
    expect(ok.status).toBe(201);
    const id = (ok.body.data as { id: number }).id;
    expect(ok.body.data).toMatchObject({ start_time: '08:00', end_time: '09:30', used_quota: 0, quota: 30 });

    await t.ownerPool.query('UPDATE mst_test_details SET used_quota = 5 WHERE id = $1', [id]);
    const below = await call(t.app, {
      method: 'PUT',
      url: api(`/mst_test_detail/${id}`),
      token: t.admin,
      payload: { quota: 4 },
    });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({
      quota: 'Kuota tidak boleh kurang dari peserta yang sudah terjadwal (5).',
    });
  });

  it('seeds the demo test types, a room per school and a session of each scheduled type per period', async () => {
    const list = await call(t.app, {
      method: 'GET',
      url: api('/mst_tests?sort_column=name'),
      token: t.admin,
    });
    expect(list.status).toBe(200);
    expect((list.body.data as { name: string }[]).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Observasi', 'Tes Tertulis', 'Wawancara']),
    );
    const sessions = await call(t.app, {
      method: 'GET',
      url: api('/mst_test_details?search=Sesi%201'),
      token: t.admin,
    });
    expect(sessions.status).toBe(200);
    expect((sessions.body.total as number) > 0).toBe(true);
    const schedules = await call(t.app, { method: 'GET', url: api('/schedule_tests'), token: t.admin });
    expect(schedules.body.total).toBe(sessions.body.total);
  });
});
