/**
 * One seat at a time through HTTP (`/registrant_test`): read, seat, move, take away and give back, with the
 * Assign Tes permission, the role's schools and Indonesian answers to bad input.
 */
import type { RegistrantTest, RoleModule } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';
import { oneOf, testPeriod, testSession } from '../../../../test/test-periods';

jest.setTimeout(60_000);
const t = appPerFile();
const one = oneOf(t);

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = t.admin) =>
  call(t.app, { method, url: api(path), token, ...(payload ? { payload } : {}) });
const seatOf = (body: Record<string, unknown>) => body.data as RegistrantTest;
const used = (sessionId: number) =>
  one('SELECT used_quota AS v FROM mst_test_details WHERE id = $1', [sessionId]);
const assignTes = (read: 0 | 1, update: 0 | 1): RoleModule => ({
  mst_module_name: 'Assign Tes',
  read_action: read,
  insert_action: 0,
  update_action: update,
  delete_action: 0,
});

describe('/registrant_test', () => {
  it('seats, reads, moves, takes away and gives back one seat, keeping the session counts', async () => {
    const s = await testPeriod(t, 1);
    const [first, second] = [await testSession(t, s, 5), await testSession(t, s, 5, { days: 8 })];
    const created = await send('POST', '/registrant_test', {
      registrant_id: s.ids[0],
      mst_test_detail_id: first,
      send_notification: false,
    });
    expect(created.status).toBe(201);
    const id = seatOf(created.body).id;
    expect(seatOf(created.body)).toMatchObject({ registrant_id: s.ids[0], mst_test_detail_id: first });
    expect(await used(first)).toBe(1);

    const read = await send('GET', `/registrant_test/${id}`);
    expect(read.status).toBe(200);
    expect(seatOf(read.body)).toMatchObject({
      id,
      mst_test_id: s.testId,
      name: 'Calon Uji 1',
      assign_method: 'manual',
      deleted_at: null,
    });

    const moved = await send('PUT', `/registrant_test/${id}`, {
      mst_test_detail_id: second,
      send_notification: false,
    });
    expect(moved.status).toBe(200);
    expect(seatOf(moved.body)).toMatchObject({ id, mst_test_detail_id: second });
    expect([await used(first), await used(second)]).toEqual([0, 1]);

    expect((await send('POST', `/registrant_test/restore/${id}`)).status).toBe(409);
    expect((await send('DELETE', `/registrant_test/${id}`)).status).toBe(200);
    expect(seatOf((await send('GET', `/registrant_test/${id}`)).body).deleted_at).not.toBeNull();
    const back = await send('POST', `/registrant_test/restore/${id}`);
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('Jadwal tes calon murid dipulihkan.');
    expect(seatOf(back.body)).toMatchObject({
      registrant_id: s.ids[0],
      mst_test_detail_id: second,
      deleted_at: null,
    });
    expect(await used(second)).toBe(1);
  });

  it('answers bad input with 400 in Indonesian, and a missing seat with 404', async () => {
    const s = await testPeriod(t, 1);
    const target = await testSession(t, s, 5);
    const empty = await send('POST', '/registrant_test', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ registrant_id: 'Pilih calon murid.' });
    const created = await send('POST', '/registrant_test', {
      registrant_id: s.ids[0],
      mst_test_detail_id: target,
    });
    const id = seatOf(created.body).id;
    const other = await testPeriod(t, 1);
    const foreign = await testSession(t, other, 5);
    const wrongType = await send('PUT', `/registrant_test/${id}`, { mst_test_detail_id: foreign });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Pilih sesi dari tipe tes yang sama.');
    expect((await send('PUT', `/registrant_test/${id}`, { mst_test_detail_id: 'satu' })).status).toBe(400);
    expect((await send('GET', '/registrant_test/99999999')).status).toBe(404);
  });

  it('needs Assign Tes (read to look, update to change), and keeps a school-limited role to its schools', async () => {
    const s = await testPeriod(t, 1);
    const target = await testSession(t, s, 5);
    const created = await send('POST', '/registrant_test', {
      registrant_id: s.ids[0],
      mst_test_detail_id: target,
    });
    const id = seatOf(created.body).id;
    const none = await t.staff([assignTes(0, 0)]);
    expect((await send('GET', `/registrant_test/${id}`, undefined, none)).status).toBe(403);
    const reader = await t.staff([assignTes(1, 0)]);
    expect((await send('GET', `/registrant_test/${id}`, undefined, reader)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/registrant_test', { registrant_id: s.ids[0], mst_test_detail_id: target }],
      ['PUT', `/registrant_test/${id}`, { mst_test_detail_id: target }],
      ['POST', `/registrant_test/restore/${id}`, undefined],
    ] as const)
      expect((await send(method, path, body, reader)).status).toBe(403);
    expect((await send('GET', `/registrant_test/${id}`, undefined, s.parentToken)).status).toBe(403);

    // The period is the SD school's: a role limited to the SMP does not find the seat, its session or registrant.
    const smpOnly = await t.staff([assignTes(1, 1)], [(await demo(t)).smp]);
    expect((await send('GET', `/registrant_test/${id}`, undefined, smpOnly)).status).toBe(404);
    expect(
      (await send('PUT', `/registrant_test/${id}`, { mst_test_detail_id: target }, smpOnly)).status,
    ).toBe(404);
    const seatElsewhere = { registrant_id: s.ids[0], mst_test_detail_id: target };
    expect((await send('POST', '/registrant_test', seatElsewhere, smpOnly)).status).toBe(404);
  });
});
