import { strFromU8, unzipSync } from 'fflate';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod, registrantIn } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';
import { DATA_SOURCES, NOT_EXPORTED } from './data-sources';

jest.setTimeout(120_000);

const t = appPerFile({ withJobs: true });

/** Every column of the schema that references an account or a registrant, as table.column. */
async function referencingColumns() {
  const { rows } = await t.ownerPool.query<{ col: string }>(
    `SELECT DISTINCT kcu.table_name || '.' || kcu.column_name AS col
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
       JOIN information_schema.constraint_column_usage ccu
         ON ccu.constraint_schema = tc.constraint_schema AND ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'
        AND ccu.table_name IN ('users', 'registrants') AND ccu.column_name = 'id'
        AND kcu.column_name <> 'tenant_id'
      ORDER BY 1`,
  );
  return rows.map((r) => r.col);
}

describe('Data Saya: what the download holds', () => {
  it('covers every column that references an account or a registrant, or says why not', async () => {
    const columns = await referencingColumns();
    expect(columns.length).toBeGreaterThan(20);
    const covered = new Set(DATA_SOURCES.flatMap((s) => s.covers));
    const forgotten = columns.filter((c) => !covered.has(c) && !(c in NOT_EXPORTED));
    expect(forgotten).toEqual([]);
    // And neither list names a column the schema no longer has (a stale entry hides nothing, but misleads).
    const stale = [...covered, ...Object.keys(NOT_EXPORTED)].filter((c) => !columns.includes(c));
    expect(stale).toEqual([]);
  });
});

async function exportOf(token: string) {
  const started = await call(t.app, { method: 'POST', url: api('/me/data_export'), token });
  expect(started.status).toBe(202);
  const id = (started.body.data as { id: number }).id;
  const end = Date.now() + 60_000;
  let status = '';
  while (Date.now() < end) {
    const res = await call(t.app, { method: 'GET', url: api(`/me/data_export/${id}`), token });
    status = (res.body.data as { status: string }).status;
    if (status === 'done' || status === 'failed') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe('done');
  return id;
}

describe('Data Saya: the download', () => {
  it('holds the family’s data and the staff who looked, as JSON and a PDF, and nothing of another family', async () => {
    const text = await call(t.app, {
      method: 'POST',
      url: api('/privacy/consent_texts'),
      token: t.admin,
      payload: { body: 'Data dipakai untuk penerimaan murid baru.' },
    });
    expect(text.status).toBe(201);
    const p = await openPeriod(t);
    const mine = await registrantIn(t, p);
    const theirs = await registrantIn(t, p);
    for (const [r, name] of [
      [mine, 'Bima Pratama'],
      [theirs, 'Citra Lestari'],
    ] as const) {
      const saved = await call(t.app, {
        method: 'POST',
        url: api('/registrant_answer'),
        token: r.parent.token,
        payload: { registrant_id: r.id, data: { '1': name, '7': 'O' } },
      });
      expect(saved.status).toBe(200);
    }
    // The child was offered a seat another family freed: the history names that family's number.
    await t.ownerPool.query(
      `INSERT INTO registrant_status_history (tenant_id, registrant_id, school_id, action, from_status, to_status, reason, detail)
       SELECT tenant_id, id, school_id, 'accept', 'reserve', 'accepted', $2, jsonb_build_object('rule', 'refill', 'released_registrant_id', $3::int)
       FROM registrants WHERE id = $1`,
      [
        mine.id,
        `Ditawarkan karena kursi dari ${theirs.registrationNumber} dilepas; peringkat cadangan 1`,
        theirs.id,
      ],
    );
    // The superadmin opens the child's record, sensitive answers and all: that look is the family's to see.
    expect(
      (await call(t.app, { method: 'GET', url: api(`/registrant/${mine.id}`), token: t.admin })).status,
    ).toBe(200);

    const id = await exportOf(mine.parent.token);
    // Another account can neither follow nor fetch it.
    expect(
      (await call(t.app, { method: 'GET', url: api(`/me/data_export/${id}`), token: theirs.parent.token }))
        .status,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: api(`/me/data_export/${id}/file`),
      headers: { authorization: `Bearer ${theirs.parent.token}` },
    });
    expect(foreign.statusCode).toBe(404);

    const file = await t.app.inject({
      method: 'GET',
      url: api(`/me/data_export/${id}/file`),
      headers: { authorization: `Bearer ${mine.parent.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['ringkasan.pdf', ...DATA_SOURCES.map((s) => `json/${s.file}.json`)]),
    );
    const json = (name: string) =>
      JSON.parse(strFromU8(zip[`json/${name}.json`]!)) as Record<string, unknown>[];
    expect(json('akun')).toEqual([expect.objectContaining({ email: mine.parent.email })]);
    expect(JSON.stringify(json('akun'))).not.toContain('password');
    expect(json('calon_murid')).toEqual([
      expect.objectContaining({
        id: mine.id,
        name: 'Bima Pratama',
        registration_number: mine.registrationNumber,
      }),
    ]);
    expect(json('riwayat_status')).toContainEqual(
      expect.objectContaining({
        reason: 'Ditawarkan karena kursi dari pendaftar lain dilepas; peringkat cadangan 1',
        detail: { rule: 'refill' },
      }),
    );
    expect(json('persetujuan').length).toBeGreaterThan(0);
    expect(json('akses_data_sensitif')).toEqual([
      expect.objectContaining({ registrant_id: mine.id, via: 'detail', staff_name: 'Admin Yayasan' }),
    ]);

    const everything = Object.values(zip)
      .map((f) => strFromU8(f, true))
      .join('\n');
    for (const other of ['Citra Lestari', theirs.registrationNumber, theirs.parent.email])
      expect(everything).not.toContain(other);

    const pdf = drawnText(Buffer.from(zip['ringkasan.pdf']!));
    expect(pdf).toContain('Data Saya');
    expect(pdf).toContain('Bima Pratama');
    expect(pdf).toContain('Petugas yang melihat data sensitif');
    expect(pdf).not.toContain('Citra Lestari');
  });
});
