import { createVouchersResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { call } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';

const t = appPerFile();
beforeAll(async () => {
  await demo(t);
});

/** Page objects of a PDF (`/Type /Page`, not the `/Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

async function generate(count: number, schoolYearId: number, schoolId: number | null) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/mst_token/create',
    token: t.admin,
    payload: { count, method: 'offline', school_year_id: schoolYearId, school_id: schoolId },
  });
  expect(res.status).toBe(201);
  return createVouchersResponseSchema.parse(res.body).data.map((v) => v.token);
}

describe('voucher slips (GET /mst_tokens/slips)', () => {
  it('prints the vouchers the list filters select, ten to an A4 page', async () => {
    const d = await demo(t);
    const codes = await generate(12, d.year_id, d.sd);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mst_tokens/slips?school_id=${d.sd}&status=unused`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Slip-Voucher.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const listed = await call(t.app, {
      method: 'GET',
      url: `/api/v1/mst_tokens?school_id=${d.sd}&status=unused&page_size=1`,
      token: t.admin,
    });
    const total = (listed.body as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(pageCount(pdf)).toBe(Math.ceil(total / 10));
    const text = drawnText(pdf);
    for (const code of codes) expect(text).toContain(code);
    expect(text).toContain('SD Harapan Bangsa');
    expect(text).toContain('2027/2028');
  });

  it('prints one searched voucher on one page, and says so when nothing matches', async () => {
    const d = await demo(t);
    const [code] = await generate(1, d.year_id, null);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mst_tokens/slips?search=${code}`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(one.statusCode).toBe(200);
    expect(pageCount(one.rawPayload)).toBe(1);
    const text = drawnText(one.rawPayload);
    expect(text).toContain(code);
    expect(text).toContain('Semua sekolah');

    const none = await call(t.app, {
      method: 'GET',
      url: '/api/v1/mst_tokens/slips?search=TIDAKADAKODEINI',
      token: t.admin,
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      success: false,
      message: expect.stringContaining('Tidak ada voucher'),
    });
  });

  it('refuses bad filters with 400 and callers without the Token module', async () => {
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/v1/mst_tokens/slips?school_id=abc',
      token: t.admin,
    });
    expect(bad.status).toBe(400);
    const anonymous = await call(t.app, { method: 'GET', url: '/api/v1/mst_tokens/slips' });
    expect(anonymous.status).toBe(401);
  });
});
