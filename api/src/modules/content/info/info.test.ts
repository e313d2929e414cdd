import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentResponseSchema, directorySchoolResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';
import { createHttpDirectory } from '../../../integrations/school-directory';
import { parseGuide } from './pdf';

const t = appPerFile({ signIn: false });
beforeAll(async () => {
  await demo(t);
});

describe('interview guide PDF and page content', () => {
  it('serves the interview guide as an inline PDF generated from config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/panduan_wawancara' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="Panduan-Wawancara.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1500);
    // An edit produces a different document.
    await t.ownerPool.query("UPDATE configs SET value = $1 WHERE name = 'interview_guide'", [
      JSON.stringify({ title: 'Panduan Baru', sections: [{ title: 'Satu', items: ['a', 'b'] }] }),
    ]);
    const edited = await t.app.inject({ method: 'GET', url: '/api/v1/public/panduan_wawancara' });
    expect(edited.headers.etag).not.toBe(res.headers.etag);
  });

  it('reads staff-edited guide content leniently', () => {
    expect(parseGuide('bukan json')).toEqual({ intro: 'bukan json' });
    expect(
      parseGuide(JSON.stringify({ title: 1, sections: [null, { title: 'A', items: ['x', 2] }] })),
    ).toEqual({
      title: undefined,
      intro: undefined,
      closing: undefined,
      sections: [{ title: 'A', text: undefined, items: ['x'] }],
    });
  });

  it('serves registration steps and the interview announcement; unknown keys are 400', async () => {
    const steps = contentResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: '/api/v1/public/content/registration_steps' })).body,
    );
    expect(Object.keys(steps.data as object).sort()).toEqual(['biodata', 'payment', 'register']);
    const ann = await call(t.app, { method: 'GET', url: '/api/v1/public/content/interview_announcement' });
    expect((ann.body.data as { title: string }).title).toContain('Wawancara');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/public/content/secrets' })).status).toBe(400);
  });
});

describe('NPSN school lookup (GET /public/kemdikbud_school)', () => {
  it('answers a known school from the offline directory', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/public/kemdikbud_school?npsn=69912345' });
    expect(res.status).toBe(200);
    expect(directorySchoolResponseSchema.parse(res.body).data).toMatchObject({
      npsn: '69912345',
      nama: 'TK Tunas Ceria',
      kabupaten: 'Kota Bandung',
      source: 'fixture',
    });
  });

  it('answers data null with a friendly message for an unknown school, 400 for a malformed NPSN', async () => {
    const unknown = await call(t.app, {
      method: 'GET',
      url: '/api/v1/public/kemdikbud_school?npsn=12345678',
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ success: true, data: null });
    expect(unknown.body.message).toMatch(/isi nama dan kota sekolah secara manual/);
    for (const npsn of ['123', '1234567890', 'abc-defg']) {
      const bad = await call(t.app, { method: 'GET', url: `/api/v1/public/kemdikbud_school?npsn=${npsn}` });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.npsn).toBe('NPSN terdiri dari 8 angka/huruf.');
    }
  });

  it('the http adapter maps the portal format and turns failures and timeouts into null', async () => {
    let mode: 'ok' | 'error' | 'slow' = 'ok';
    const server = http.createServer((req, res) => {
      if (mode === 'slow') return void setTimeout(() => res.end('{}'), 1000);
      if (mode === 'error') return void res.writeHead(503).end('down');
      const keyword = new URL(req.url ?? '/', 'http://x').searchParams.get('keyword');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          data: [
            {
              npsn: keyword,
              nama: 'SD NEGERI 1 CONTOH',
              bentukPendidikan: 'SD',
              alamatJalan: 'Jl. Contoh 1',
              namaDesa: 'Dago',
              namaKecamatan: 'KEC. COBLONG',
              namaKabupaten: 'KOTA BANDUNG',
              namaProvinsi: 'PROV. JAWA BARAT',
              statusSatuanPendidikan: 'Negeri',
            },
          ],
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const dir = createHttpDirectory(`http://127.0.0.1:${port}/search`, { timeoutMs: 200 });
      expect(await dir.lookup('20100001')).toMatchObject({
        nama: 'SD NEGERI 1 CONTOH',
        status: 'NEGERI',
        kecamatan: 'COBLONG',
        provinsi: 'JAWA BARAT',
      });
      mode = 'error';
      expect(await dir.lookup('20100001')).toBeNull();
      mode = 'slow';
      expect(await dir.lookup('20100001')).toBeNull();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
