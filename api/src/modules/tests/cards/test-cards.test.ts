/**
 * Test cards through HTTP: staff print a registrant's card and a session's cards, publish them single and in
 * bulk; the parent downloads only their own and only once published.
 */
import { appPerFile } from '../../../../test/app-per-file';
import { postPhoto, testImage } from '../../../../test/file-form';
import { api, call } from '../../../../test/helpers';
import { newParent } from '../../../../test/parent-journey';
import { scoredSession } from '../../../../test/scored-session';

const t = appPerFile();

const pdf = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: api(url), headers: { authorization: `Bearer ${token}` } });
const pages = (body: Buffer) => (body.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

async function uploadPhoto(id: number, token: string) {
  const res = await postPhoto(t, id, token, await testImage('png', 60, 80, '#37a'));
  expect(res.status).toBe(200);
}

describe('test cards', () => {
  it('parents get 403 before publication, their card after; never another family’s', async () => {
    const s = await scoredSession(t, 2);
    const [mine, theirs] = s.registrants as [(typeof s.registrants)[0], (typeof s.registrants)[0]];
    await uploadPhoto(mine.id, mine.parent.token);

    const before = await pdf(`/registrant/test_card/${mine.id}`, mine.parent.token);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('Kartu tes belum diterbitkan oleh sekolah.');

    const staff = await pdf(`/registrant_tests/card/${mine.id}`, t.admin);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    const text = staff.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    // The photo is drawn (an image XObject).
    expect(text).toMatch(/\/Subtype\s*\/Image/);

    const publish = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/test_announcement/${mine.id}`),
      token: t.admin,
    });
    expect(publish.status).toBe(200);
    const after = await pdf(`/registrant/test_card/${mine.id}`, mine.parent.token);
    expect(after.statusCode).toBe(200);
    expect(pages(after.rawPayload)).toBe(1);

    // Another parent, and staff through the parent's route: not found.
    expect((await pdf(`/registrant/test_card/${mine.id}`, theirs.parent.token)).statusCode).toBe(404);
    const stranger = await newParent(t);
    expect((await pdf(`/registrant/test_card/${mine.id}`, stranger.token)).statusCode).toBe(404);
    // The other registrant is still unpublished.
    expect((await pdf(`/registrant/test_card/${theirs.id}`, theirs.parent.token)).statusCode).toBe(403);
    // The staff's seat list shows which cards are out.
    const list = await call(t.app, {
      method: 'GET',
      url: api(
        `/registrant_tests?school_period_id=${mine.periodId}&mst_test_id=${s.testType}&mst_test_detail_id=${s.session}`,
      ),
      token: t.admin,
    });
    expect(list.status).toBe(200);
    const published = Object.fromEntries(
      (list.body.data as { registrant_id: number; test_announcement_published_at: string | null }[]).map(
        (r) => [r.registrant_id, r.test_announcement_published_at !== null],
      ),
    );
    expect(published).toEqual({ [mine.id]: true, [theirs.id]: false });
  });

  it('bulk publish per session and print every card of a session in one PDF', async () => {
    const s = await scoredSession(t, 3);
    const all = await pdf(`/registrant_tests/cards/${s.session}`, t.admin);
    expect(all.statusCode).toBe(200);
    expect(pages(all.rawPayload)).toBe(3);

    const bulk = await call(t.app, {
      method: 'PUT',
      url: api('/registrant/publish/test_bulk'),
      token: t.admin,
      payload: { mst_test_detail_id: s.session },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ published: 3, message: '3 kartu tes diterbitkan.' });
    for (const r of s.registrants)
      expect((await pdf(`/registrant/test_card/${r.id}`, r.parent.token)).statusCode).toBe(200);

    const empty = await call(t.app, {
      method: 'PUT',
      url: api('/registrant/publish/test_bulk'),
      token: t.admin,
      payload: {},
    });
    expect(empty.status).toBe(400);
  });

  it('refuses to publish the card of a registrant without a seat', async () => {
    const s = await scoredSession(t, 1);
    await t.ownerPool.query('UPDATE registrant_tests SET deleted_at = now() WHERE id = $1', [s.seats[0]]);
    const res = await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/test_announcement/${s.registrants[0]!.id}`),
      token: t.admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Calon murid belum dijadwalkan tes, kartu tes belum dapat diterbitkan.');
  });
});
