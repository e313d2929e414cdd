import { firstPageResponseSchema, publicSchoolPeriodsResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../test/app-per-file';
import { call, tokenFor } from '../../../test/helpers';

// No micro-cache here: these tests edit content between requests.
const t = appPerFile({ firstPageCacheMs: 0, signIn: false });

describe('public content', () => {
  it('GET /public/theme gives the tenant colour', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/theme' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, theme: '#055837' });
  });

  it('GET /public/first_page gives content, the active year and the parent flags; drafts are dropped', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
    expect(res.status).toBe(200);
    const page = firstPageResponseSchema.parse(res.body);
    expect(page.result.contact.phone).toBeTruthy();
    expect(page.result.guide.length).toBe(4);
    expect(page.result.guide.every((g) => g.key !== '')).toBe(true);
    const topics = new Set(page.result.faq.map((f) => f.topic));
    expect(topics).toEqual(new Set(['documents', 'general', 'registration', 'payment']));
    expect(page.result.welcome_image).toBe('/welcome.svg');
    expect(page.result.announcement).toContain('\n');
    expect(page.school_year).toEqual({
      id: expect.any(Number),
      name: '2027/2028',
      start_date: '2027-07-01',
      end_date: '2028-06-30',
      is_active: true,
    });
    expect(page.role_modules.find((m) => m.mst_module_name === 'Contact')?.read_action).toBe(1);
    expect(page.role_modules.find((m) => m.mst_module_name === 'Pengguna')?.read_action).toBe(0);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await call(t.app, {
      method: 'GET',
      url: '/api/v1/public/first_page',
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
  });

  it('drops malformed items of staff-edited content', async () => {
    await t.ownerPool.query(`UPDATE configs SET value = $1 WHERE name = 'guide'`, [
      JSON.stringify([
        { key: 'a', title: 'A', value: 'x' },
        { title: 'tanpa key' },
        { key: '  ' },
        'teks',
        { key: 'b', title: 5 },
      ]),
    ]);
    await t.ownerPool.query(`UPDATE configs SET value = $1 WHERE name = 'contact'`, [
      JSON.stringify({ phone: '021', whatsapp: 812, extra: 'x' }),
    ]);
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
    const page = firstPageResponseSchema.parse(res.body);
    expect(page.result.guide).toEqual([{ key: 'a', title: 'A', value: 'x' }, { key: 'b' }]);
    expect(page.result.contact).toEqual({ phone: '021' });
  });

  it('survives broken JSON content', async () => {
    await t.ownerPool.query("UPDATE configs SET value = '{not json' WHERE name IN ('contact', 'faq')");
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ contact: {}, faq: [] });
  });

  it('GET /public/active_year and /public/school_period', async () => {
    const year = await call(t.app, { method: 'GET', url: '/api/v1/public/active_year' });
    expect(year.body).toMatchObject({ success: true, school_year: { name: '2027/2028', is_active: true } });
    const periods = publicSchoolPeriodsResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/public/school_period' })).body,
    );
    expect(periods.data.map((p) => [p.school_name, p.name, p.quota])).toEqual([
      ['SD Harapan Bangsa', 'Gelombang 1', 120],
      ['SMP Harapan Bangsa', 'Gelombang 1', 90],
    ]);
    // is_open follows today's date in WIB.
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    for (const p of periods.data) expect(p.is_open).toBe(today >= p.start_date && today <= p.end_date);
  });
});

describe('PUT /me', () => {
  it('updates the own profile and refuses a phone used by someone else (409)', async () => {
    const token = await tokenFor(t.app, 'orangtua@demo.sch.id');
    const ok = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/me',
      token,
      payload: { name: 'Bapak Budi S.', email: 'budi.baru@example.id', phone_number: '081234567890' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({
      name: 'Bapak Budi S.',
      email: 'budi.baru@example.id',
      email_verified: false,
    });
    const mail = await t.ownerPool.query(`SELECT 1 FROM mail_outbox WHERE "to" = 'budi.baru@example.id'`);
    expect(mail.rowCount).toBe(1);

    const staff = await tokenFor(t.app, 'guru@demo.sch.id', 'admin');
    const taken = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/me',
      token: staff,
      payload: { name: 'Bu Sari', email: 'guru@demo.sch.id', phone_number: '081234567890' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'No. HP sudah terdaftar.' });
    const invalid = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/me',
      token: staff,
      payload: { name: '', email: 'x' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ name: 'Nama tidak boleh kosong.', email: 'Email tidak valid.' });
  });
});
