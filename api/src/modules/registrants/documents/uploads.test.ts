import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fileForm, testImage } from '../../../../test/file-form';
import { call, setupTestApp, type TestContext, tokenFor } from '../../../../test/helpers';
import { newParent, newRegistrant } from '../../../../test/parent-journey';
import { sniff } from '../../../lib/file-kind';

let t: TestContext;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-uploads-'));
  process.env.STORAGE_DIR = dir;
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
  delete process.env.STORAGE_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A multipart/form-data body with text fields, then the file in field `file`. */
const upload = (token: string, id: number, body: ReturnType<typeof fileForm>, query = '') =>
  call(t.app, { method: 'POST', url: `/api/v1/registrant/upload/${id}${query}`, token, ...body });

const image = (format: 'png' | 'jpeg', width = 300, height = 400) => testImage(format, width, height);

describe('document uploads (POST /registrant/upload/{id})', () => {
  it('stores a resized photo and serves it back to the owner and staff only', async () => {
    const r = await newRegistrant(t);
    const res = await upload(
      r.parent.token,
      r.id,
      fileForm(await image('png'), 'foto anak.png', 'image/png'),
      '?folder=photo&resize=150',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      url_gcs: `/api/v1/registrant/file/${r.id}/photo`,
      data: { folder: 'photo', type: 'image/png', name: 'foto anak.png' },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: String(res.body.url_gcs),
      headers: { authorization: `Bearer ${r.parent.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([150, 200]);

    const stranger = await newParent(t);
    const denied = await call(t.app, { method: 'GET', url: String(res.body.url_gcs), token: stranger.token });
    expect(denied.status).toBe(404);
    const admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    expect((await call(t.app, { method: 'GET', url: String(res.body.url_gcs), token: admin })).status).toBe(
      200,
    );
    expect((await call(t.app, { method: 'GET', url: String(res.body.url_gcs) })).status).toBe(401);

    // The registrant records it; a replacement removes the old file.
    const before = fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('photo-'));
    expect(before).toHaveLength(1);
    const jpeg = await upload(
      r.parent.token,
      r.id,
      fileForm(await image('jpeg'), 'x.jpg', 'image/jpeg', { folder: 'photo' }),
    );
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.data).toMatchObject({ type: 'image/jpeg' });
    const after = fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('photo-'));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    const got = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/${r.id}`,
      token: r.parent.token,
    });
    expect((got.body.data as { documents: Record<string, { type: string }> }).documents.photo?.type).toBe(
      'image/jpeg',
    );
  });

  it('accepts a PDF for the birth certificate but not as the photo', async () => {
    const r = await newRegistrant(t);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const akta = await upload(
      r.parent.token,
      r.id,
      fileForm(pdf, 'akta.pdf', 'application/pdf'),
      '?folder=akta',
    );
    expect(akta.status).toBe(200);
    expect(akta.body.data).toMatchObject({ folder: 'akta', type: 'application/pdf', size: pdf.length });
    const photo = await upload(
      r.parent.token,
      r.id,
      fileForm(pdf, 'foto.pdf', 'application/pdf'),
      '?folder=photo',
    );
    expect(photo.status).toBe(415);
    expect(photo.body.message).toBe('Foto harus berupa gambar JPG atau PNG.');
  });

  it("serves a parent's files only as downloads: never drawn inline on the app's origin, nor sniffed", async () => {
    const r = await newRegistrant(t);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\ntrailer<<>>\n%%EOF\n',
    );
    expect(
      (
        await upload(
          r.parent.token,
          r.id,
          fileForm(pdf, 'akta Müller.pdf', 'application/pdf'),
          '?folder=akta',
        )
      ).status,
    ).toBe(200);
    expect(
      (await upload(r.parent.token, r.id, fileForm(await image('png'), 'kk.png', 'image/png'), '?folder=kk'))
        .status,
    ).toBe(200);
    const admin = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
    for (const [token, folder, type] of [
      [r.parent.token, 'akta', 'application/pdf'],
      [admin, 'akta', 'application/pdf'],
      [r.parent.token, 'kk', 'image/png'],
    ] as const) {
      const file = await call(t.app, {
        method: 'GET',
        url: `/api/v1/registrant/file/${r.id}/${folder}`,
        token,
      });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // Even opened directly, the answer may run nothing and reach nothing: a sandbox without scripts.
      const csp = String(file.headers['content-security-policy']).split(/;\s*/);
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
    }
    const akta = await call(t.app, {
      method: 'GET',
      url: `/api/v1/registrant/file/${r.id}/akta`,
      token: admin,
    });
    expect(akta.headers['content-disposition']).toBe(
      `attachment; filename="akta M_ller.pdf"; filename*=UTF-8''${encodeURIComponent('akta Müller.pdf')}`,
    );
    expect(akta.raw.startsWith('%PDF-')).toBe(true);
  });

  it('checks the content, not the name: a text file called .png is refused with 415', async () => {
    const r = await newRegistrant(t);
    const res = await upload(
      r.parent.token,
      r.id,
      fileForm(Buffer.from('bukan gambar sama sekali'), 'foto.png', 'image/png'),
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: 'Jenis file harus JPG, PNG atau PDF.' });
    // PNG magic bytes with a broken body are refused too.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 1),
    ]);
    const bad = await upload(r.parent.token, r.id, fileForm(broken, 'rusak.png', 'image/png'));
    expect(bad.status).toBe(415);
  });

  it('refuses files over 5 MB with 413', async () => {
    const r = await newRegistrant(t);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(r.parent.token, r.id, fileForm(big, 'kk.pdf', 'application/pdf'), '?folder=kk');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Ukuran file maksimal 5 MB.' });
  });

  it("refuses another parent's registrant (404), a locked form (409) and bad options (400)", async () => {
    const r = await newRegistrant(t);
    const png = await image('png', 20, 20);
    const stranger = await newParent(t);
    expect((await upload(stranger.token, r.id, fileForm(png, 'a.png', 'image/png'))).status).toBe(404);
    expect(
      (await upload(r.parent.token, r.id, fileForm(png, 'a.png', 'image/png'), '?folder=rapor')).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/v1/registrant/upload/${r.id}`,
          token: r.parent.token,
          payload: { file: 'x' },
        })
      ).status,
    ).toBe(415);
    await t.ownerPool.query(
      "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
      [r.id],
    );
    expect((await upload(r.parent.token, r.id, fileForm(png, 'a.png', 'image/png'))).status).toBe(409);
  });

  it('recognises file types by their first bytes', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniff(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
  });
});
