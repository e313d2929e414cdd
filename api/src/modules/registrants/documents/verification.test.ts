/**
 * Each document verified on its own, through HTTP: the states (belum diunggah → menunggu verifikasi →
 * diterima / ditolak), the rejection reaching the parent, the replacement kept as a new version, the staff's
 * queue limited to their schools, and verifying a registrant refused while a required document is not
 * accepted unless overridden with a reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistrantDocuments, RoleModule } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { fileForm, testImage } from '../../../../test/file-form';
import { api, call } from '../../../../test/helpers';
import { demo, openPeriod, registrantIn } from '../../../../test/parent-journey';
import { QUEUE_COUNTED_UP_TO } from './verification-service';

jest.setTimeout(60_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-doc-verification-'));
process.env.STORAGE_DIR = dir;
const t = appPerFile({
  beforeClose: async () => {
    delete process.env.STORAGE_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  call(t.app, { method, url: api(url), token, ...(payload ? { payload } : {}) });
const upload = async (token: string, id: number, folder: string) =>
  call(t.app, {
    method: 'POST',
    url: api(`/registrant/upload/${id}?folder=${folder}`),
    token,
    ...fileForm(await testImage('png', 40, 40), `${folder}.png`, 'image/png'),
  });
const documentsOf = (res: { body: Record<string, unknown> }) => res.body.data as RegistrantDocuments;
const stateOf = (res: { body: Record<string, unknown> }, folder: string) =>
  documentsOf(res).documents.find((d) => d.folder === folder)!;
const submit = (id: number) =>
  t.ownerPool.query(
    "UPDATE registrants SET status = 'submitted', is_submit = true, locked = true WHERE id = $1",
    [id],
  );
const calonMurid = (read: 0 | 1, update: 0 | 1): RoleModule => ({
  mst_module_name: 'Calon Murid',
  read_action: read,
  insert_action: 0,
  update_action: update,
  delete_action: 0,
});
const requireDocs = async (schoolId: number, folders: string[]) => {
  const res = await send('PUT', `/registrant/document_requirements/${schoolId}`, t.admin, { folders });
  expect(res.status).toBe(200);
};

describe('documents verified one by one', () => {
  it('moves each document through its states, tells the parent of a rejection and keeps the old version', async () => {
    const p = await openPeriod(t);
    await requireDocs(p.schoolId, ['akta', 'kk']);
    const r = await registrantIn(t, p);

    const start = await send('GET', `/registrant/document_states/${r.id}`, r.parent.token);
    expect(start.status).toBe(200);
    expect(stateOf(start, 'akta')).toMatchObject({ required: true, state: 'missing', versions: [] });
    expect(stateOf(start, 'photo')).toMatchObject({ required: false, state: 'missing' });

    expect((await upload(r.parent.token, r.id, 'akta')).status).toBe(200);
    expect((await upload(r.parent.token, r.id, 'kk')).status).toBe(200);
    const waiting = await send('GET', `/registrant/documents/${r.id}`, t.admin);
    expect(stateOf(waiting, 'akta').state).toBe('waiting');
    expect(documentsOf(waiting).registrant).toMatchObject({
      id: r.id,
      registration_number: r.registrationNumber,
    });

    expect((await send('PUT', `/registrant/documents/${r.id}/akta/accept`, t.admin)).status).toBe(200);
    // Only a waiting document is decided.
    const again = await send('PUT', `/registrant/documents/${r.id}/akta/accept`, t.admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Dokumen ini tidak sedang menunggu verifikasi.');
    expect((await send('PUT', `/registrant/documents/${r.id}/photo/accept`, t.admin)).status).toBe(404);

    const noReason = await send('PUT', `/registrant/documents/${r.id}/kk/reject`, t.admin, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Alasan penolakan wajib dipilih.' });
    const rejected = await send('PUT', `/registrant/documents/${r.id}/kk/reject`, t.admin, {
      reason: 'Foto/dokumen buram atau tidak terbaca',
      note: 'Bagian bawah terpotong',
    });
    expect(rejected.status).toBe(200);

    // The parent is told at once: one message in the outbox (the bell reads it), with the reason.
    const { rows: messages } = await t.ownerPool.query(
      "SELECT body FROM notifications WHERE template = 'document_rejected' AND data->>'registrant_id' = $1",
      [String(r.id)],
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].body).toContain('Foto/dokumen buram atau tidak terbaca (Bagian bawah terpotong)');
    const seen = await send('GET', `/registrant/document_states/${r.id}`, r.parent.token);
    expect(stateOf(seen, 'kk')).toMatchObject({
      state: 'rejected',
      reason: 'Foto/dokumen buram atau tidak terbaca',
      note: 'Bagian bawah terpotong',
    });

    // Submitted, the form is locked, yet a rejected document may still be replaced; an accepted one may not.
    await submit(r.id);
    expect((await upload(r.parent.token, r.id, 'akta')).status).toBe(409);
    expect((await upload(r.parent.token, r.id, 'kk')).status).toBe(200);
    const replaced = stateOf(await send('GET', `/registrant/documents/${r.id}`, t.admin), 'kk');
    expect(replaced.state).toBe('waiting');
    expect(replaced.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'waiting'],
      [1, 'rejected'],
    ]);
    // The rejected version's file is kept beside the new one.
    const files = fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes(`${r.id}/kk-`));
    expect(files).toHaveLength(2);

    // Another parent's registrant is not found.
    const other = await registrantIn(t, p);
    expect((await send('GET', `/registrant/document_states/${r.id}`, other.parent.token)).status).toBe(404);
    expect((await send('GET', `/registrant/documents/${r.id}`, other.parent.token)).status).toBe(403);
  });

  it('refuses to verify while a required document is not accepted, unless overridden with a reason', async () => {
    const p = await openPeriod(t);
    await requireDocs(p.schoolId, ['akta', 'kk']);
    const r = await registrantIn(t, p);
    await upload(r.parent.token, r.id, 'akta');
    await send('PUT', `/registrant/documents/${r.id}/akta/accept`, t.admin);
    await submit(r.id);

    const refused = await send('PUT', `/registrant/verify/${r.id}`, t.admin, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Calon murid belum dapat diverifikasi: dokumen wajib belum diterima (Kartu keluarga).',
    );
    const overridden = await send('PUT', `/registrant/verify/${r.id}`, t.admin, {
      override_reason: 'KK asli sudah diperiksa di loket',
    });
    expect(overridden.status).toBe(200);
    const { rows: history } = await t.ownerPool.query(
      "SELECT detail FROM registrant_status_history WHERE registrant_id = $1 AND action = 'verify'",
      [r.id],
    );
    expect(history[0].detail).toEqual({
      documents_not_accepted: ['Kartu keluarga'],
      override_reason: 'KK asli sudah diperiksa di loket',
    });
    const { rows: audit } = await t.ownerPool.query(
      "SELECT after FROM audit_log WHERE resource = 'registrants' AND action = 'verify' AND record_id = $1",
      [r.id],
    );
    expect(audit[0].after).toMatchObject({ override_reason: 'KK asli sudah diperiksa di loket' });

    // With every required document accepted, verifying needs no override.
    const done = await registrantIn(t, p);
    for (const folder of ['akta', 'kk']) {
      await upload(done.parent.token, done.id, folder);
      await send('PUT', `/registrant/documents/${done.id}/${folder}/accept`, t.admin);
    }
    await submit(done.id);
    expect((await send('PUT', `/registrant/verify/${done.id}`, t.admin, {})).status).toBe(200);
  });

  it("shows each role the waiting documents of its own schools only, and checks Calon Murid's flags", async () => {
    const d = await demo(t);
    const p = await openPeriod(t);
    const r = await registrantIn(t, p);
    await upload(r.parent.token, r.id, 'photo');

    const sdOnly = await t.staff([calonMurid(1, 1)], [d.sd]);
    const smpOnly = await t.staff([calonMurid(1, 1)], [d.smp]);
    const queueOf = async (token: string) => {
      const res = await send('GET', '/registrants/documents/queue?limit=200', token);
      expect(res.status).toBe(200);
      return (res.body.data as { registrant_id: number; folder: string }[]).map((x) => x.registrant_id);
    };
    expect(await queueOf(sdOnly)).toContain(r.id);
    expect(await queueOf(t.admin)).toContain(r.id);
    expect(await queueOf(smpOnly)).not.toContain(r.id);
    // The count is the whole queue of the caller's schools, whatever the page's size.
    const second = await registrantIn(t, p);
    await upload(second.parent.token, second.id, 'photo');
    const head = await send('GET', '/registrants/documents/queue?limit=1', sdOnly);
    const all = await send('GET', '/registrants/documents/queue?limit=200', sdOnly);
    const waiting = all.body.data as unknown[];
    expect(waiting.length).toBeLessThan(200);
    expect(head.body.data).toHaveLength(1);
    expect(waiting.length).toBeGreaterThan(1);
    expect(head.body.total).toBe(waiting.length);
    expect(all.body.total).toBe(waiting.length);
    // A deleted registrant's documents leave the queue and its count.
    await t.ownerPool.query('UPDATE registrants SET deleted_at = now() WHERE id = $1', [second.id]);
    const after = await send('GET', '/registrants/documents/queue?limit=200', sdOnly);
    expect(after.body.total).toBe(waiting.length - 1);
    expect(await queueOf(sdOnly)).not.toContain(second.id);
    expect((await send('GET', `/registrant/documents/${r.id}`, smpOnly)).status).toBe(404);
    expect((await send('PUT', `/registrant/documents/${r.id}/photo/accept`, smpOnly)).status).toBe(404);
    expect((await send('GET', `/registrant/document_requirements/${d.sd}`, smpOnly)).status).toBe(404);

    const reader = await t.staff([calonMurid(1, 0)]);
    expect((await send('GET', `/registrant/documents/${r.id}`, reader)).status).toBe(200);
    expect((await send('PUT', `/registrant/documents/${r.id}/photo/accept`, reader)).status).toBe(403);
    const none = await t.staff([calonMurid(0, 0)]);
    expect((await send('GET', '/registrants/documents/queue', none)).status).toBe(403);
    expect((await send('GET', '/registrants/documents/queue', r.parent.token)).status).toBe(403);

    expect((await send('PUT', `/registrant/documents/${r.id}/photo/accept`, sdOnly)).status).toBe(200);
    expect(await queueOf(sdOnly)).not.toContain(r.id);
  });

  it('keeps a list of rejection reasons staff edit, and refuses bad input in Indonesian', async () => {
    const start = await send('GET', '/registrant/document_reasons', t.admin);
    expect(start.status).toBe(200);
    expect((start.body.data as { label: string }[]).map((x) => x.label)).toContain(
      'Bukan dokumen yang diminta',
    );
    const added = await send('POST', '/registrant/document_reasons', t.admin, {
      label: 'Masa berlaku habis',
    });
    expect(added.status).toBe(201);
    const dup = await send('POST', '/registrant/document_reasons', t.admin, { label: 'masa berlaku habis' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Alasan penolakan ini sudah ada.');
    const id = (added.body.data as { id: number }).id;
    expect((await send('DELETE', `/registrant/document_reasons/${id}`, t.admin)).status).toBe(200);
    expect((await send('DELETE', `/registrant/document_reasons/${id}`, t.admin)).status).toBe(404);

    const badFolder = await send('PUT', `/registrant/document_requirements/${(await demo(t)).sd}`, t.admin, {
      folders: ['rapor'],
    });
    expect(badFolder.status).toBe(400);
    expect(badFolder.body.errors).toMatchObject({ 'folders.0': 'Jenis dokumen harus photo, akta atau kk.' });
    expect((await send('PUT', '/registrant/documents/1/ijazah/accept', t.admin)).status).toBe(400);
  });

  it('filters the staff list by document state, and a decision shows in the next answer', async () => {
    const p = await openPeriod(t);
    await requireDocs(p.schoolId, ['akta']);
    const [missing, waiting, rejected, complete] = [
      await registrantIn(t, p),
      await registrantIn(t, p),
      await registrantIn(t, p),
      await registrantIn(t, p),
    ];
    for (const r of [waiting, rejected, complete]) await upload(r.parent.token, r.id, 'akta');
    await send('PUT', `/registrant/documents/${rejected.id}/akta/reject`, t.admin, {
      reason: 'Bukan dokumen yang diminta',
    });
    await send('PUT', `/registrant/documents/${complete.id}/akta/accept`, t.admin);
    const ids = async (state: string) => {
      const res = await send(
        'GET',
        `/registrants/admin?school_period_id=${p.periodId}&document_state=${state}`,
        t.admin,
      );
      expect(res.status).toBe(200);
      return (res.body.data as { id: number }[]).map((x) => x.id).sort();
    };
    expect(await ids('missing')).toEqual([missing.id]);
    expect(await ids('waiting')).toEqual([waiting.id]);
    expect(await ids('rejected')).toEqual([rejected.id]);
    expect(await ids('complete')).toEqual([complete.id]);
    // The list's kept answers follow a decision at once.
    await send('PUT', `/registrant/documents/${waiting.id}/akta/accept`, t.admin);
    expect(await ids('waiting')).toEqual([]);
    expect(await ids('complete')).toEqual([waiting.id, complete.id].sort());
    const bad = await send('GET', '/registrants/admin?document_state=lengkap', t.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      document_state: 'Status dokumen harus missing, waiting, rejected atau complete.',
    });
  });
});

// Last in the file: it fills the queue past what is counted.
describe('a long queue', () => {
  it(`is counted up to ${QUEUE_COUNTED_UP_TO} and then said to hold more`, async () => {
    const p = await openPeriod(t);
    const r = await registrantIn(t, p);
    const tag = `ANTRE-${r.id}`;
    // Copies of one registrant, three waiting documents each: more than the count goes to.
    const copies = Math.ceil((QUEUE_COUNTED_UP_TO + 1) / 3);
    await t.ownerPool.query(
      `INSERT INTO registrants (tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id,
         registration_number, name)
       SELECT tenant_id, user_id, school_id, school_period_id, mst_class_id, school_year_id, $2 || '-' || g, name
         FROM registrants, generate_series(1, $3::int) g WHERE id = $1`,
      [r.id, tag, copies],
    );
    await t.ownerPool.query(
      `INSERT INTO registrant_document_versions (tenant_id, registrant_id, folder, version, file_key, name, type, size)
       SELECT r.tenant_id, r.id, f, 1, 'antre/' || r.id || '/' || f, f || '.png', 'image/png', 1
         FROM registrants r CROSS JOIN unnest(ARRAY['photo', 'akta', 'kk']) f
        WHERE r.registration_number LIKE $1 || '-%'`,
      [tag],
    );
    const head = await send('GET', '/registrants/documents/queue?limit=1', t.admin);
    expect(head.status).toBe(200);
    expect(head.body).toMatchObject({ total: QUEUE_COUNTED_UP_TO, more: true });
    expect(head.body.data).toHaveLength(1);

    // Back under the count, it is exact again.
    await t.ownerPool.query(
      `UPDATE registrant_document_versions v SET state = 'accepted', decided_at = now()
         FROM registrants r WHERE r.tenant_id = v.tenant_id AND r.id = v.registrant_id
          AND r.registration_number LIKE $1 || '-%'`,
      [tag],
    );
    const after = await send('GET', '/registrants/documents/queue?limit=200', t.admin);
    expect(after.body.more).toBe(false);
    expect(after.body.total).toBe((after.body.data as unknown[]).length);
  });
});
