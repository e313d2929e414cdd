/**
 * The resource engine, table-driven over EVERY declaration of @psb/contracts: full cycle, 409 on duplicates,
 * 400 with field messages, tenant isolation, export read back with exceljs.
 */
import {
  listResponseSchema,
  RESOURCES,
  type ResourceDecl,
  recordResponseSchema,
  resourceByName,
} from '@psb/contracts';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { appPerFile } from '../../../test/app-per-file';
import { api, call, testHasher, tokenFor } from '../../../test/helpers';
import { kyselyOnPool } from '../../db/kysely';
import { createTenant } from '../../db/seed';
import { compile } from '../../engine';
import { ids, SAMPLES } from './engine-test-samples';

let token: string;
let tokenB: string;

async function one(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await t.ownerPool.query<{ id: number }>(sql, values);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0].id;
}

const t = appPerFile({ signIn: false });
beforeAll(async () => {
  token = await tokenFor(t.app, 'superadmin@demo.sch.id', 'admin');
  const demo = "(SELECT id FROM tenants WHERE slug = 'demo')";
  ids.sd = await one(`SELECT id FROM schools WHERE tenant_id = ${demo} AND level = 'SD'`);
  ids.year = await one(`SELECT id FROM school_years WHERE tenant_id = ${demo} AND is_active`);
  ids.gradeSd = await one(`SELECT id FROM mst_grades WHERE tenant_id = ${demo} AND name = 'SD'`);
  ids.periodSd = await one(`SELECT id FROM school_periods WHERE tenant_id = ${demo} AND school_id = $1`, [
    ids.sd,
  ]);
  ids.location = await one(`SELECT id FROM school_locations WHERE tenant_id = ${demo} LIMIT 1`);
  ids.jurnal = await one(`SELECT id FROM mst_jurnals WHERE tenant_id = ${demo} AND code = 'JU'`);
  ids.teacher = await one(`SELECT id FROM roles WHERE tenant_id = ${demo} AND name = 'teacher'`);
  // Classes without a quota yet, for the class_period cycle.
  for (const name of ['Kelas Uji A', 'Kelas Uji B']) {
    const res = await call(t.app, {
      method: 'POST',
      url: api('/mst_class'),
      token,
      payload: { name, mst_grade_id: ids.gradeSd },
    });
    expect(res.status).toBe(201);
    ids[name] = (res.body.data as { id: number }).id;
  }

  // A payment type and component of their own, for the school payment and setup line cycles (the seeded
  // ones are set up for every seeded period already).
  const type = await call(t.app, {
    method: 'POST',
    url: api('/mst_type_payment'),
    token,
    payload: { name: 'Tipe Uji Sekolah', code: 'TUS' },
  });
  expect(type.status).toBe(201);
  ids.typeTest = (type.body.data as { id: number }).id;
  const component = await call(t.app, {
    method: 'POST',
    url: api('/mst_payment'),
    token,
    payload: { name: 'Komponen Uji Setup', mst_type_payment_id: ids.typeTest },
  });
  expect(component.status).toBe(201);
  ids.paymentTest = (component.body.data as { id: number }).id;

  // A test type and room of their own, for the schedule and session cycles.
  const testType = await call(t.app, {
    method: 'POST',
    url: api('/mst_test'),
    token,
    payload: { name: 'Tipe Tes Uji' },
  });
  expect(testType.status).toBe(201);
  ids.testType = (testType.body.data as { id: number }).id;
  const room = await call(t.app, {
    method: 'POST',
    url: api('/mst_room'),
    token,
    payload: { name: 'Ruang Uji Sesi', capacity: 40 },
  });
  expect(room.status).toBe(201);
  ids.room = (room.body.data as { id: number }).id;

  // Tenant B with its own superadmin.
  const tenantB = await createTenant(t.ownerPool, { slug: 'yayasanb', name: 'Yayasan B' });
  const client = await t.ownerPool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantB)]);
    await client.query(
      `INSERT INTO users (tenant_id, name, email, password_hash, role_id)
       SELECT $1, 'Admin B', 'admin@b.sch.id', $2, id FROM roles WHERE tenant_id = $1 AND name = 'superadmin'`,
      [tenantB, await testHasher.hash('rahasia1')],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const login = await call(t.app, {
    method: 'POST',
    url: api('/public/login'),
    payload: { username: 'admin@b.sch.id', password: 'rahasia1', type: 'admin' },
    headers: { 'x-tenant': 'yayasanb' },
  });
  expect(login.status).toBe(200);
  tokenB = login.body.token as string;
});

const exportLabels = (d: ResourceDecl) => d.columns.filter((c) => c.export !== false).map((c) => c.label);

type Rec = Record<string, unknown> & { id: number };

async function list(d: ResourceDecl, query: string, tk = token, headers: Record<string, string> = {}) {
  const res = await call(t.app, { method: 'GET', url: api(`/${d.plural}?${query}`), token: tk, headers });
  expect(res.status).toBe(200);
  listResponseSchema(d.schema).parse(res.body);
  // Checked against the resource's own record above; read here as records with an id, whatever the resource.
  return listResponseSchema(z.looseObject({ id: z.number() })).parse(res.body);
}

const expectSubset = (record: Rec, input: Record<string, unknown>, d: ResourceDecl) => {
  for (const [k, v] of Object.entries(input)) {
    if (d.fields.find((f) => f.name === k)?.createOnly) continue;
    expect({ [k]: record[k] }).toEqual({ [k]: v });
  }
};

describe('csv export', () => {
  it('keeps typed text that looks like a formula as text', async () => {
    const name = `=HYPERLINK("http://contoh.id","Klik") ${Date.now()}`;
    const created = await call(t.app, { method: 'POST', url: api('/mst_subject'), token, payload: { name } });
    expect(created.status).toBe(201);
    const csv = await t.app.inject({
      method: 'GET',
      url: api(`/mst_subjects/export?format=csv&search=${encodeURIComponent('HYPERLINK')}`),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://contoh.id"",""Klik"") `);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('names the built-in roles as staff read them (Superadmin, Guru), not by their stored keys', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: api('/users/export?format=csv&search=demo.sch.id'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows.some((r) => r.includes(',Superadmin'))).toBe(true);
    expect(rows.some((r) => r.includes(',Guru'))).toBe(true);
    expect(csv.body).not.toMatch(/,(superadmin|teacher)(,|$)/m);
  });
});

describe('declarations', () => {
  it('every resource has a sample, compiles, and its record schema matches the generated record', () => {
    for (const d of RESOURCES) {
      expect(SAMPLES[d.name]).toBeDefined();
      const c = compile(d);
      const produced = (c.recordJson.match(/'([a-z_]+)',/g) ?? []).map((m) => m.slice(1, -2)).sort();
      if (!(d.schema instanceof z.ZodObject))
        throw new Error(`${d.name}: its record schema is not an object`);
      const declared = Object.keys(d.schema.shape).sort();
      expect({ name: d.name, keys: produced }).toEqual({ name: d.name, keys: declared });
    }
  });

  it('never exposes a password', async () => {
    const res = await call(t.app, { method: 'GET', url: api('/users?page_size=100'), token });
    expect(res.raw).not.toMatch(/password/);
  });
});

describe.each(RESOURCES.map((d, i) => [d.name, d as ResourceDecl, i] as const))('%s', (_name, d, i) => {
  const u = `uji${i}q${d.name.length}`;
  const sample = () => SAMPLES[d.name]!(u);
  let created: Rec;

  it('full cycle: create → list (filter, search, sort) → edit → archive → non-active → restore', async () => {
    const s = sample();
    const res = await call(t.app, { method: 'POST', url: api(`/${d.name}`), token, payload: s.create });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201, body: { success: true } });
    created = recordResponseSchema(d.schema).parse(res.body).data as Rec;
    expectSubset(created, s.create, d);

    // Search + every declared filter that the record carries, sorted by the default column.
    const params = new URLSearchParams({
      search: s.search,
      sort_column: d.defaultSort.column,
      sort_value: 'desc',
    });
    for (const f of d.filters) {
      const v = created[f.key];
      if (v === undefined || v === null) continue;
      params.set(f.key, f.match === 'contains' ? String(v).slice(1, 5) : String(v));
    }
    const found = await list(d, params.toString());
    expect(found.data.map((r) => r.id)).toContain(created.id);
    expect(found.page).toBe(1);
    expect(found.page_size).toBe(25);
    // Every sortable column both ways, and paging.
    for (const col of d.columns.filter((c) => c.sortable)) {
      for (const dir of ['asc', 'desc']) {
        const r = await call(t.app, {
          method: 'GET',
          url: api(`/${d.plural}?sort_column=${col.key}&sort_value=${dir}&page=1&page_size=2`),
          token,
        });
        expect({ col: col.key, status: r.status }).toEqual({ col: col.key, status: 200 });
        expect((r.body.data as unknown[]).length).toBeLessThanOrEqual(2);
      }
    }

    const got = await call(t.app, { method: 'GET', url: api(`/${d.name}/${created.id}`), token });
    expect(got.status).toBe(200);
    expect((got.body.data as Rec).id).toBe(created.id);

    const edited = await call(t.app, {
      method: 'PUT',
      url: api(`/${d.name}/${created.id}`),
      token,
      payload: s.update,
    });
    expect({ status: edited.status, body: edited.body }).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expectSubset(edited.body.data as Rec, s.update, d);

    const del = await call(t.app, { method: 'DELETE', url: api(`/${d.name}/${created.id}`), token });
    expect(del.status).toBe(200);
    expect((del.body.data as Rec).deleted_at).not.toBeNull();
    expect((await list(d, `search=${encodeURIComponent(s.search)}`)).data.map((r) => r.id)).not.toContain(
      created.id,
    );
    const archived = await list(d, `show_deleted=true&search=${encodeURIComponent(s.search)}`);
    expect(archived.data.map((r) => r.id)).toContain(created.id);
    expect(archived.data.every((r) => r.deleted_at !== null)).toBe(true);
    expect((await list(d, 'deleted_at=all&page_size=100')).total).toBeGreaterThan(
      (await list(d, 'page_size=100')).total,
    );
    // Archived records are not edited or archived again.
    expect(
      (await call(t.app, { method: 'PUT', url: api(`/${d.name}/${created.id}`), token, payload: s.update }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'DELETE', url: api(`/${d.name}/${created.id}`), token })).status,
    ).toBe(404);

    const restored = await call(t.app, {
      method: 'POST',
      url: api(`/${d.name}/restore/${created.id}`),
      token,
    });
    expect(restored.status).toBe(200);
    expect((restored.body.data as Rec).deleted_at).toBeNull();
    const again = await call(t.app, { method: 'POST', url: api(`/${d.name}/restore/${created.id}`), token });
    expect(again.status).toBe(409);
    expect((await list(d, `search=${encodeURIComponent(s.search)}`)).data.map((r) => r.id)).toContain(
      created.id,
    );

    // Every change left an audit row.
    const rows = await kyselyOnPool(t.ownerPool)
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('resource', '=', d.name)
      .where('record_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete', 'restore']);
    expect(rows[0]!.before).toBeNull();
    expect(Object.keys(rows[1]!.after ?? {})).toEqual(expect.arrayContaining(Object.keys(s.update)));
    expect(JSON.stringify(rows)).not.toMatch(/argon2/);
  });

  it('exports xlsx and csv with the column labels as header row', async () => {
    const s = sample();
    const res = await t.app.inject({
      method: 'GET',
      url: api(`/${d.plural}/export?search=${encodeURIComponent(s.search)}`),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${d.exportFileName}.xlsx`)}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(exportLabels(d));
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);

    const csv = await t.app.inject({
      method: 'GET',
      url: api(`/${d.plural}/export?format=csv&search=${encodeURIComponent(s.search)}`),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(exportLabels(d).join(','));
    expect(lines.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a duplicate with 409 and the declared message', async () => {
    const s = sample();
    const unique = d.uniques[0]!;
    if (d.upsertKey) {
      // POST of an existing key sets it (upsert); a PUT onto another record's key is the duplicate.
      const set = await call(t.app, {
        method: 'POST',
        url: api(`/${d.name}`),
        token,
        payload: { ...s.create, quota: 3 },
      });
      expect(set.status).toBe(200);
      expect((set.body.data as Rec).id).toBe(created.id);
      expect((set.body.data as Rec).quota).toBe(3);
      const other = await call(t.app, {
        method: 'POST',
        url: api(`/${d.name}`),
        token,
        payload: { ...s.create, mst_class_id: ids['Kelas Uji B'] },
      });
      expect(other.status).toBe(201);
      const dup = await call(t.app, {
        method: 'PUT',
        url: api(`/${d.name}/${(other.body.data as Rec).id}`),
        token,
        payload: { mst_class_id: ids['Kelas Uji A'] },
      });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(unique.message);
      return;
    }
    // The record as it is now (created, then edited).
    const payload = { ...s.create, ...s.update };
    const dup = await call(t.app, { method: 'POST', url: api(`/${d.name}`), token, payload });
    expect(dup.status).toBe(409);
    expect(d.uniques.map((x) => x.message)).toContain(dup.body.message);
    expect(Object.values(dup.body.errors ?? {})).toContain(dup.body.message);
  });

  it('refuses invalid input with 400 and Indonesian field messages', async () => {
    const res = await call(t.app, { method: 'POST', url: api(`/${d.name}`), token, payload: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Data tidak valid.');
    const fields = Object.keys(res.body.errors ?? {});
    expect(fields.length).toBeGreaterThan(0);
    const names = d.fields.map((f) => f.name);
    for (const f of fields) expect(names).toContain(f);
    for (const m of Object.values(res.body.errors ?? {}))
      expect(m).toMatch(/wajib|Pilih|tidak valid|minimal|Isi|harus|tidak boleh kosong/);
    // A wrong type in an edit.
    const text = d.fields.find((f) => f.input === 'text' || f.input === 'textarea');
    if (text) {
      const bad = await call(t.app, {
        method: 'PUT',
        url: api(`/${d.name}/${created.id}`),
        token,
        payload: { [text.name]: 'x'.repeat(2000) },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors ?? {})).toEqual([text.name]);
    }
    // List parameters are whitelisted.
    const sort = await call(t.app, {
      method: 'GET',
      url: api(`/${d.plural}?sort_column=password_hash`),
      token,
    });
    expect(sort.status).toBe(400);
    expect(sort.body.errors).toEqual({ sort_column: 'Kolom urutan tidak dikenal.' });
    const size = await call(t.app, { method: 'GET', url: api(`/${d.plural}?page_size=101`), token });
    expect(size.status).toBe(400);
    expect(Object.keys(size.body.errors ?? {})).toEqual(['page_size']);
  });

  it('answers 404 for unknown ids', async () => {
    const res = await call(t.app, { method: 'GET', url: api(`/${d.name}/999999`), token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Data tidak ditemukan.');
  });

  it('is invisible to another tenant (list, get, edit, archive, restore: 404)', async () => {
    const h = { 'x-tenant': 'yayasanb' };
    const inB = await list(d, `search=${encodeURIComponent(sample().search)}&deleted_at=all`, tokenB, h);
    expect(inB.data.map((r) => r.id)).not.toContain(created.id);
    for (const [method, url] of [
      ['GET', `/${d.name}/${created.id}`],
      ['PUT', `/${d.name}/${created.id}`],
      ['DELETE', `/${d.name}/${created.id}`],
      ['POST', `/${d.name}/restore/${created.id}`],
    ] as const) {
      const res = await call(t.app, {
        method,
        url: api(url),
        token: tokenB,
        headers: h,
        ...(method === 'PUT' ? { payload: {} } : {}),
      });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
    }
    // Still there for its own tenant.
    expect((await call(t.app, { method: 'GET', url: api(`/${d.name}/${created.id}`), token })).status).toBe(
      200,
    );
    expect(resourceByName(d.name)).toBe(d);
  });
});
