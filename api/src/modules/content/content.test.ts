import {
  CONFIG_ENTRIES,
  CONFIG_NAMES,
  firstPageResponseSchema,
  inboxResponseSchema,
  RESOURCE_CATALOG,
} from '@psb/contracts';
import sharp from 'sharp';
import { appPerFile } from '../../../test/app-per-file';
import { fileForm, testImage } from '../../../test/file-form';
import { api, call, tokenFor } from '../../../test/helpers';
import { demo, newRegistrant } from '../../../test/parent-journey';
import { flags } from '../../../test/staff';

// No micro-cache: every test reads first_page right after a save.
const t = appPerFile({ firstPageCacheMs: 0 });

const put = (name: string, payload: unknown, token = t.admin) =>
  call(t.app, { method: 'PUT', url: api(`/config/${name}`), token, payload: { data: payload } });
const firstPage = async () =>
  firstPageResponseSchema.parse((await call(t.app, { method: 'GET', url: api('/public/first_page') })).body);

describe('content saved by staff is what the public pages read', () => {
  it('FAQ, contact, guide, announcement, welcome, banner, message and overviews', async () => {
    const current = await call(t.app, { method: 'GET', url: api('/config/faq'), token: t.admin });
    expect(current.status).toBe(200);
    const seeded = current.body.data as { id: number; topic: string }[];
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((f) => Number.isInteger(f.id))).toBe(true);

    const faq = [
      {
        topic: 'payment',
        question: 'Kapan batas pembayaran?',
        answer: 'Paling lambat **3 hari** setelah tagihan.',
      },
      { topic: 'general', question: 'Apakah ada tes?', answer: 'Ya, tes tertulis dan wawancara.' },
    ];
    const saved = await put('faq', faq);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Perubahan berhasil disimpan.' });
    expect((saved.body.data as { id: number }[]).map((f) => f.id)).toEqual([1, 2]);

    expect((await put('contact', { phone: '022-123', email: 'psb@sekolah.id', map_url: '' })).status).toBe(
      200,
    );
    expect(
      (
        await put('guide', [
          { key: 'daftar', title: 'Daftar akun', value: 'Isi *nama* dan email.' },
          { key: '  ', title: 'Draf' },
          { key: 'bayar', title: 'Bayar', value: 'Transfer ke VA.' },
        ])
      ).status,
    ).toBe(200);
    expect((await put('announcement', '# Pengumuman\n\nTes dimulai **Senin**.')).status).toBe(200);
    expect(
      (await put('welcome', { description: 'Selamat datang di _SD Harapan_.', image: '/welcome.svg' }))
        .status,
    ).toBe(200);
    expect(
      (
        await put('banner_home', {
          active: true,
          text: 'Gelombang 2 dibuka!',
          link: 'https://contoh.id/info',
        })
      ).status,
    ).toBe(200);
    expect((await put('message', 'Lengkapi berkas sebelum 1 Desember.')).status).toBe(200);
    expect((await put('test_overview', 'Tes berlangsung 2 jam.')).status).toBe(200);
    expect((await put('graduation_overview', 'Hasil diumumkan 1 Maret.')).status).toBe(200);

    const page = await firstPage();
    expect(page.result.faq).toEqual(faq);
    expect(page.result.contact).toEqual({ phone: '022-123', email: 'psb@sekolah.id', map_url: '' });
    expect(page.result.guide).toEqual([
      { key: 'daftar', title: 'Daftar akun', value: 'Isi *nama* dan email.' },
      { key: 'bayar', title: 'Bayar', value: 'Transfer ke VA.' },
    ]);
    expect(page.result.announcement).toBe('# Pengumuman\n\nTes dimulai **Senin**.');
    expect(page.result.welcome_description).toBe('Selamat datang di _SD Harapan_.');
    expect(page.result.welcome_image).toBe('/welcome.svg');
    expect(page.result.banner_home).toEqual({
      active: true,
      text: 'Gelombang 2 dibuka!',
      link: 'https://contoh.id/info',
    });
    expect(page.result.message).toBe('Lengkapi berkas sebelum 1 Desember.');
    expect(page.result.test_overview).toBe('Tes berlangsung 2 jam.');
    expect(page.result.graduation_overview).toBe('Hasil diumumkan 1 Maret.');

    // The guide's draft step (empty key) is not kept for the editor either.
    const guide = await call(t.app, { method: 'GET', url: api('/config/guide'), token: t.admin });
    expect((guide.body.data as { key: string }[]).map((g) => g.key)).toEqual(['daftar', 'bayar']);
  });

  it('the interview announcement and registration steps: what /public/content gives, blank lines dropped', async () => {
    const saved = await put('interview_announcement', {
      title: 'Wawancara Gelombang 2',
      body: 'Hadir **15 menit** lebih awal.',
      schedule: ['Sabtu 08.00 WIB', '', '  ', 'Ruang aula'],
    });
    expect(saved.status).toBe(200);
    const content = await call(t.app, { method: 'GET', url: api('/public/content/interview_announcement') });
    expect(content.body.data).toEqual({
      title: 'Wawancara Gelombang 2',
      body: 'Hadir **15 menit** lebih awal.',
      schedule: ['Sabtu 08.00 WIB', 'Ruang aula'],
    });
    // Content seeded before the editor existed reads with its missing fields empty.
    const guide = await call(t.app, { method: 'GET', url: api('/config/interview_guide'), token: t.admin });
    expect(guide.status).toBe(200);
    expect((guide.body.data as { sections: unknown[] }).sections.length).toBeGreaterThan(0);
  });

  it('deletes one FAQ item by its id; an unknown id is 404, a malformed one 400', async () => {
    await put('faq', [
      { topic: 'general', question: 'A?', answer: 'a' },
      { topic: 'general', question: 'B?', answer: 'b' },
      { topic: 'general', question: 'C?', answer: 'c' },
    ]);
    const del = await call(t.app, { method: 'DELETE', url: api('/config/delete/faq/2'), token: t.admin });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Data berhasil dihapus.');
    expect((await firstPage()).result.faq.map((f) => f.question)).toEqual(['A?', 'C?']);
    // Ids stay with their items: C keeps 3, a new item gets 4.
    const after = await put('faq', [
      ...(del.body.data as object[]),
      { topic: 'payment', question: 'D?', answer: 'd' },
    ]);
    expect((after.body.data as { id: number }[]).map((f) => f.id)).toEqual([1, 3, 4]);
    const missing = await call(t.app, {
      method: 'DELETE',
      url: api('/config/delete/faq/99'),
      token: t.admin,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Data tidak ditemukan.');
    expect(
      (await call(t.app, { method: 'DELETE', url: api('/config/delete/faq/1e3'), token: t.admin })).status,
    ).toBe(400);
  });

  it('the theme colour staff choose is what /public/theme answers', async () => {
    expect((await put('theme', '#1a4d8f')).status).toBe(200);
    const theme = await call(t.app, { method: 'GET', url: api('/public/theme') });
    expect(theme.body).toEqual({ success: true, theme: '#1a4d8f' });
    const bad = await put('theme', 'biru');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Warna harus berupa kode hex, contoh #055837.');
  });

  it('refuses invalid values with Indonesian messages, never 500', async () => {
    const topic = await put('faq', [{ topic: 'olahraga', question: 'X?', answer: 'y' }]);
    expect(topic.status).toBe(400);
    expect(topic.body.message).toBe('Topik FAQ tidak dikenal.');
    expect(topic.body.errors).toEqual({ 'faq.0.topic': 'Topik FAQ tidak dikenal.' });
    const fee = await put('admin_fee', { amount: -5 });
    expect(fee.status).toBe(400);
    expect(fee.body.message).toBe('Biaya admin tidak boleh negatif.');
    expect((await put('announcement', 42)).status).toBe(400);
    expect((await put('contact', { map_url: 'javascript:alert(1)' })).body.message).toBe(
      'Alamat harus diawali http:// atau https://.',
    );
    const ok = await put('admin_fee', { amount: 4500, note: 'Per transaksi' });
    expect(ok.body.data).toEqual({ amount: 4500, note: 'Per transaksi' });
  });
});

describe('GET /config/{name}', () => {
  it('answers every catalogued name as its own path does, an unknown name 404, and needs the module', async () => {
    const get = (name: string, token = t.admin) =>
      call(t.app, { method: 'GET', url: api(`/config/${name}`), token });
    for (const name of CONFIG_NAMES)
      expect({ name, status: (await get(name)).status }).toEqual({ name, status: 200 });
    const unknown = await get('tidak_ada');
    expect(unknown.body).toEqual({ success: false, message: 'Konfigurasi tidak dikenal.' });
    expect(unknown.status).toBe(404);
    expect((await get('x'.repeat(61))).status).toBe(400);
    const faqOnly = await t.staff([flags('FAQ', 'read')]);
    expect((await get('faq', faqOnly)).status).toBe(200);
    expect((await get('tidak_ada', faqOnly)).status).toBe(403);
    const konfigurasi = await t.staff([flags('Konfigurasi', 'read')]);
    expect((await get('tidak_ada', konfigurasi)).status).toBe(404);
    expect((await get('tidak_ada', (await newRegistrant(t)).parent.token)).status).toBe(403);
  });
});

describe('DELETE /config/delete/{table}/{id}', () => {
  it("archives a record of a catalogued table with that resource's flag, and refuses any other table", async () => {
    const d = await demo(t);
    const room = async () =>
      (
        await t.ownerPool.query<{ id: number }>(
          "INSERT INTO mst_rooms (tenant_id, school_id, name, capacity) VALUES ($1, $2, 'Ruang Hapus', 10) RETURNING id",
          [d.tenant_id, d.sd],
        )
      ).rows[0]!.id;
    const del = (path: string, token = t.admin) => call(t.app, { method: 'DELETE', url: api(path), token });
    const id = await room();
    const konfigurasiOnly = await t.staff([flags('Konfigurasi', 'read', 'delete')]);
    expect((await del(`/config/delete/mst_rooms/${id}`, konfigurasiOnly)).status).toBe(403);
    const smpRooms = await t.staff([flags(RESOURCE_CATALOG.mst_room.module, 'read', 'delete')], [d.smp]);
    expect((await del(`/config/delete/mst_rooms/${id}`, smpRooms)).status).toBe(404);
    const archived = await del(`/config/delete/mst_rooms/${id}`);
    expect(archived.status).toBe(200);
    const row = await t.ownerPool.query('SELECT deleted_at FROM mst_rooms WHERE id = $1', [id]);
    expect(row.rows[0].deleted_at).not.toBeNull();
    for (const table of ['users', 'tenants', 'roles;drop', 'pg_class'])
      expect(
        await del(`/config/delete/${table}/${id}`).then((r) => [table, r.status, r.body.message]),
      ).toEqual([table, 404, 'Data ini tidak dapat dihapus lewat alamat ini.']);
    expect((await del(`/config/delete/users/${id}`, konfigurasiOnly)).status).toBe(404);
    expect((await del('/config/delete/mst_rooms/1e3')).status).toBe(400);
  });
});

describe('staff HTML is sanitised', () => {
  it('no tag, script or javascript: link of staff reaches the public page', async () => {
    const dirty =
      '**Halo** <b>tebal</b> <script>alert("x")</script><img src=x onerror=alert(1)> a < b & c > d ' +
      '[klik](javascript:alert(1)) <a href="https://x.id" onclick="steal()">tautan</a>';
    await put('announcement', dirty);
    await put('faq', [
      { topic: 'general', question: '<i>Kenapa?</i>', answer: '<iframe src="https://evil"></iframe>Jawab' },
    ]);
    await put('welcome', {
      description: '<style>body{display:none}</style>Selamat <u>datang</u>',
      image: '',
    });
    const page = await firstPage();
    const texts = [
      page.result.announcement,
      page.result.welcome_description,
      ...page.result.faq.flatMap((f) => [f.question, f.answer]),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/</);
      expect(text).not.toMatch(/javascript:|onerror|onclick|alert\(1\)|display:none/i);
    }
    expect(page.result.announcement).toBe('**Halo** tebal  a &lt; b & c > d [klik](#) tautan');
    expect(page.result.faq).toEqual([{ topic: 'general', question: 'Kenapa?', answer: 'Jawab' }]);
    expect(page.result.welcome_description).toBe('Selamat datang');
  });
});

describe('the home page picture', () => {
  it('is re-encoded, stored, served publicly and set as the welcome image', async () => {
    const jpeg = await testImage('jpeg', 2400, 1200, '#0a5');
    const upload = await call(t.app, {
      method: 'POST',
      url: api('/config/welcome/image'),
      token: t.admin,
      ...fileForm(jpeg, 'a.jpg', 'image/jpeg'),
    });
    expect(upload.status).toBe(200);
    const image = upload.body.image as string;
    expect(image).toMatch(/^\/api\/v1\/public\/content_image\/[0-9a-f]{40}\.png$/);
    expect((await firstPage()).result.welcome_image).toBe(image);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1600);
    const none = await call(t.app, {
      method: 'GET',
      url: api(`/public/content_image/${'0'.repeat(40)}.png`),
    });
    expect(none.status).toBe(404);
    const notImage = await call(t.app, {
      method: 'POST',
      url: api('/config/welcome/image'),
      token: t.admin,
      ...fileForm('halo', 'a.txt'),
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe('Gambar harus berformat JPG, PNG atau WEBP.');
  });
});

describe('permissions', () => {
  it('every config route declares the module of its config', () => {
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/config'));
    for (const name of CONFIG_NAMES) {
      const module = CONFIG_ENTRIES[name].module;
      expect(routes).toEqual(
        expect.arrayContaining([
          { method: 'GET', url: `/api/v1/config/${name}`, access: { module, action: 'read' } },
          { method: 'PUT', url: `/api/v1/config/${name}`, access: { module, action: 'update' } },
        ]),
      );
    }
    expect(routes).toEqual(
      expect.arrayContaining([
        {
          method: 'DELETE',
          url: '/api/v1/config/delete/faq/:id',
          access: { module: 'FAQ', action: 'delete' },
        },
        {
          method: 'DELETE',
          url: '/api/v1/config/delete/guide/:id',
          access: { module: 'Panduan PSB', action: 'delete' },
        },
        {
          method: 'POST',
          url: '/api/v1/config/welcome/image',
          access: { module: 'Beranda', action: 'update' },
        },
        { method: 'POST', url: '/api/v1/config/batch', access: { module: 'Konfigurasi', action: 'update' } },
      ]),
    );
  });

  it('anonymous callers get 401 and parents 403 on every config route', async () => {
    const parent = await tokenFor(t.app, 'orangtua@demo.sch.id');
    const routes = t.app.routeAccess.filter(
      (r) => /^\/api\/v1\/configs?\//.test(r.url) || r.url === '/api/v1/configs',
    );
    expect(routes.length).toBeGreaterThan(2 * CONFIG_NAMES.length);
    for (const r of routes.filter((x) => x.method !== 'HEAD')) {
      const url = r.url.replace(':id', '1');
      const anon = await call(t.app, {
        method: r.method as 'GET',
        url,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, status: anon.status }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
      });
      const asParent = await call(t.app, {
        method: r.method as 'GET',
        url,
        token: parent,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, status: asParent.status }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
    }
  });

  it('a role sees and edits only the configs of its modules', async () => {
    const faqEditor = await t.staff([flags('FAQ', 'read', 'update'), flags('Konfigurasi', 'read', 'update')]);
    expect((await call(t.app, { method: 'GET', url: api('/config/faq'), token: faqEditor })).status).toBe(
      200,
    );
    expect((await put('faq', [{ topic: 'general', question: 'Q?', answer: 'A' }], faqEditor)).status).toBe(
      200,
    );
    expect(
      (await call(t.app, { method: 'DELETE', url: api('/config/delete/faq/1'), token: faqEditor })).status,
    ).toBe(403);
    expect((await call(t.app, { method: 'GET', url: api('/config/contact'), token: faqEditor })).status).toBe(
      403,
    );
    expect((await put('announcement', 'x', faqEditor)).status).toBe(403);
    const all = await call(t.app, { method: 'GET', url: api('/configs'), token: faqEditor });
    expect((all.body.data as { name: string }[]).map((c) => c.name)).toEqual([
      'faq',
      'theme',
      'test_overview',
      'graduation_overview',
      'status_message',
    ]);
    const batch = (payload: object) =>
      call(t.app, { method: 'POST', url: api('/config/batch'), token: faqEditor, payload });
    expect((await batch({ theme: '#222222', test_overview: 'Tes 1 jam.' })).status).toBe(200);
    expect((await batch({ theme: '#333333', contact: { phone: '1' } })).status).toBe(403);
    const unknown = await batch({ warna: '#333333' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Konfigurasi tidak dikenal. (warna)');
    expect((await call(t.app, { method: 'GET', url: api('/public/theme') })).body.theme).toBe('#222222');
  });
});

describe('POST /config/test_overview/{registrant}', () => {
  it("sends the test overview to the registrant's parent once per text, and refuses what it cannot send", async () => {
    const r = await newRegistrant(t);
    const send = (id: number, token = t.admin) =>
      call(t.app, { method: 'POST', url: api(`/config/test_overview/${id}`), token });
    const inbox = async () =>
      inboxResponseSchema.parse(
        (await call(t.app, { method: 'GET', url: api('/notifications'), token: r.parent.token })).body,
      ).data.messages;

    expect((await put('test_overview', '')).status).toBe(200);
    const empty = await send(r.id);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toContain('Ringkasan tes belum diisi');

    expect((await put('test_overview', 'Tes tertulis 90 menit. Bawa pensil 2B.')).status).toBe(200);
    const first = await send(r.id);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Ringkasan tes dikirim ke orang tua.');
    const again = await send(r.id);
    expect(again.body.message).toContain('sudah pernah dikirim');
    const messages = (await inbox()).filter((m) => m.body.includes('Bawa pensil 2B.'));
    expect(messages).toHaveLength(1);

    // A changed text may be sent again.
    expect((await put('test_overview', 'Tes tertulis 60 menit.')).status).toBe(200);
    expect((await send(r.id)).body.message).toBe('Ringkasan tes dikirim ke orang tua.');

    expect((await send(99_999_999)).status).toBe(404);
    expect((await send(r.id, r.parent.token)).status).toBe(403);
  });
});
