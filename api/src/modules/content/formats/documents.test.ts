import { DOCUMENT_KINDS, DOCUMENTS, documentResponseSchema } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { fileForm, testImage } from '../../../../test/file-form';
import { api, call, tokenFor } from '../../../../test/helpers';
import { demo } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';
import { flags } from '../../../../test/staff';

const t = appPerFile();

async function uploadImage(kind: string, color: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/format/${kind}/image`),
    token: t.admin,
    ...fileForm(await testImage('png', 300, 120, color), 'logo.png', 'image/png'),
  });
  expect(res.status).toBe(200);
  return res.body.image as string;
}

describe('document formats', () => {
  it('a school starts with the default layout; a saved layout is read back; unknown placeholders are refused', async () => {
    const d = await demo(t);
    const first = await call(t.app, {
      method: 'GET',
      url: api(`/format/graduation?school_id=${d.sd}`),
      token: t.admin,
    });
    expect(first.status).toBe(200);
    const def = documentResponseSchema.parse(first.body);
    expect(def.saved).toBe(false);
    expect(def.data.body).toContain('{nama}');

    const logo = await uploadImage('graduation', '#0a5');
    const template = {
      ...def.data,
      title: 'SURAT KELULUSAN {nama}',
      logo,
      place: 'Bandung',
      signer_name: 'Dra. Sri',
    };
    const bad = await call(t.app, {
      method: 'PUT',
      url: api('/format/graduation'),
      token: t.admin,
      payload: { school_id: d.sd, template: { ...template, body: 'Halo {nama}, {nilai_akhir} dan {foo}.' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Isian otomatis tidak dikenal: {nilai_akhir}, {foo}.');

    const html = await call(t.app, {
      method: 'PUT',
      url: api('/format/graduation'),
      token: t.admin,
      payload: { school_id: d.sd, template: { ...template, body: '<script>x()</script>Selamat {nama}.' } },
    });
    expect(html.status).toBe(200);
    expect(html.body.data).toMatchObject({ body: 'Selamat {nama}.', logo });
    const again = documentResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: api(`/format/graduation?school_id=${d.sd}`), token: t.admin }))
        .body,
    );
    expect(again).toMatchObject({ saved: true, data: { title: 'SURAT KELULUSAN {nama}', place: 'Bandung' } });
    // Per school: the other school still has the default.
    const smp = await call(t.app, {
      method: 'GET',
      url: api(`/format/graduation?school_id=${d.smp}`),
      token: t.admin,
    });
    expect(smp.body.saved).toBe(false);
    const noSchool = await call(t.app, { method: 'GET', url: api('/format/graduation'), token: t.admin });
    expect(noSchool.status).toBe(400);
  });

  it('the Pengaturan names of a layout read and save the same layout as /format/{kind}', async () => {
    const d = await demo(t);
    const def = documentResponseSchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/config/format_test_card?school_id=${d.sd}`),
          token: t.admin,
        })
      ).body,
    );
    expect(def.kind).toBe('test_card');
    const saved = await call(t.app, {
      method: 'PUT',
      url: api('/format/format_test_card'),
      token: t.admin,
      payload: { school_id: d.sd, template: { ...def.data, title: 'KARTU UJIAN {nama}' } },
    });
    expect(saved.status).toBe(200);
    for (const url of ['/format/test_card', '/config/format_test_card']) {
      const read = documentResponseSchema.parse(
        (await call(t.app, { method: 'GET', url: api(`${url}?school_id=${d.sd}`), token: t.admin })).body,
      );
      expect(read).toMatchObject({ saved: true, data: { title: 'KARTU UJIAN {nama}' } });
    }
    // Another kind's layout is its own.
    const letter = documentResponseSchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/format/format_graduation?school_id=${d.sd}`),
          token: t.admin,
        })
      ).body,
    );
    expect(letter.kind).toBe('graduation');
    expect(letter.data.title).not.toBe('KARTU UJIAN {nama}');
  });

  it('/config/format/format_{kind} reads and saves that layout too, with its module and the role’s schools', async () => {
    const d = await demo(t);
    const url = (school: number | string) => api(`/config/format/format_graduation?school_id=${school}`);
    const read = await call(t.app, { method: 'GET', url: url(d.sd), token: t.admin });
    expect(read.status).toBe(200);
    const same = await call(t.app, {
      method: 'GET',
      url: api(`/format/graduation?school_id=${d.sd}`),
      token: t.admin,
    });
    expect(read.body).toEqual(same.body);
    const noSchool = api('/config/format/format_graduation');
    expect((await call(t.app, { method: 'GET', url: noSchool, token: t.admin })).status).toBe(400);
    const testCardsOnly = await t.staff([flags('Kartu Tes', 'read')]);
    expect((await call(t.app, { method: 'GET', url: url(d.sd), token: testCardsOnly })).status).toBe(403);
    const smpOnly = await t.staff([flags('Kelulusan', 'read', 'update')], [d.smp]);
    expect((await call(t.app, { method: 'GET', url: url(d.sd), token: smpOnly })).status).toBe(404);
  });

  it('the preview renders a PDF of a draft on demo data, with the logo and signature', async () => {
    const d = await demo(t);
    const def = documentResponseSchema.parse(
      (await call(t.app, { method: 'GET', url: api(`/format/test_card?school_id=${d.sd}`), token: t.admin }))
        .body,
    );
    const signature = await uploadImage('test_card', '#123');
    const res = await t.app.inject({
      method: 'POST',
      url: api('/format/test_card/preview'),
      headers: { authorization: `Bearer ${t.admin}` },
      payload: {
        school_id: d.sd,
        template: { ...def.data, signature_image: signature, paper: 'A5', orientation: 'landscape' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain('/Subtype /Image');
    // A5 landscape: 595.28 x 419.53 points.
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 419\.53/);
    const draft = await call(t.app, {
      method: 'POST',
      url: api('/format/test_card/preview'),
      token: t.admin,
      payload: { school_id: d.sd, template: { ...def.data, body: '{tidak_ada}' } },
    });
    expect(draft.status).toBe(400);
  });

  it('each kind is guarded by its own module; a school-bound role cannot reach another school', async () => {
    for (const kind of DOCUMENT_KINDS) {
      const module = DOCUMENTS[kind].module;
      expect(t.app.routeAccess).toEqual(
        expect.arrayContaining([
          { method: 'GET', url: `/api/v1/format/${kind}`, access: { module, action: 'read' } },
          { method: 'PUT', url: `/api/v1/format/${kind}`, access: { module, action: 'update' } },
          { method: 'POST', url: `/api/v1/format/${kind}/preview`, access: { module, action: 'read' } },
          { method: 'POST', url: `/api/v1/format/${kind}/image`, access: { module, action: 'update' } },
        ]),
      );
    }
    const d = await demo(t);
    const sdCards = await t.staff([flags('Kartu Tes', 'read', 'update')], [d.sd]);
    const get = (kind: string, school: number) =>
      call(t.app, { method: 'GET', url: api(`/format/${kind}?school_id=${school}`), token: sdCards });
    expect((await get('test_card', d.sd)).status).toBe(200);
    expect((await get('test_card', d.smp)).status).toBe(404);
    expect((await get('graduation', d.sd)).status).toBe(403);
    const template = (await get('test_card', d.sd)).body.data;
    const write = await call(t.app, {
      method: 'PUT',
      url: api('/format/test_card'),
      token: sdCards,
      payload: { school_id: d.smp, template },
    });
    expect(write.status).toBe(404);
    expect(write.body.message).toBe('Sekolah tidak ditemukan.');
    const parent = await tokenFor(t.app, 'orangtua@demo.sch.id');
    expect(
      (await call(t.app, { method: 'GET', url: api(`/format/test_card?school_id=${d.sd}`), token: parent }))
        .status,
    ).toBe(403);
  });
});

describe('signature blocks', () => {
  const preview = async (kind: string, schoolId: number) => {
    const def = documentResponseSchema.parse(
      (
        await call(t.app, {
          method: 'GET',
          url: api(`/format/${kind}?school_id=${schoolId}`),
          token: t.admin,
        })
      ).body,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: api(`/format/${kind}/preview`),
      headers: { authorization: `Bearer ${t.admin}` },
      payload: { school_id: schoolId, template: def.data },
    });
    expect(res.statusCode).toBe(200);
    return drawnText(res.rawPayload);
  };

  it('SPOTC is signed by the parent who makes the statement; a card has a line to sign on', async () => {
    const d = await demo(t);
    const spotc = await preview('spotc', d.sd);
    expect(spotc).toContain('Yang membuat pernyataan,');
    expect(spotc).toContain('Orang tua/wali calon murid');
    // The preview's invented parent, under the line.
    expect(spotc).toContain('Budi Santoso');
    expect(spotc).not.toContain('Ketua Panitia PSB');
    const card = await preview('test_card', d.sd);
    expect(card).toContain('Ketua Panitia PSB');
    expect(card).toContain('(.......................................)');
  });
});
