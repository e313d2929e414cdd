import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { drawnText } from '../../../../test/pdf-text';
import { resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(180_000);

/**
 * The letter a family downloads is the one of its outcome: accepted, reserve or not accepted, each with its own
 * layout and title that staff edit (and preview) per school. No congratulation reaches a family that was not
 * accepted, whatever the accepted letter says.
 */

const t = appPerFile();

/** What the PDF says, without white space: a justified line spaces its words by moving, not by spaces. */
const asText = (res: { rawPayload: Buffer; statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return flat(drawnText(res.rawPayload));
};
const flat = (text: string) => text.replace(/\s+/g, '');

describe('result letters', () => {
  it('each outcome gets its own letter; only the accepted one congratulates', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const letterOf = async (statusId: number) => {
      const r = await verifiedRegistrant(t, p);
      const published = await call(t.app, {
        method: 'POST',
        url: api(`/registrant/publish/${r.id}`),
        token: t.admin,
        payload: { mst_accepted_status_id: statusId },
      });
      expect(published.status).toBe(200);
      return asText(
        await t.app.inject({
          method: 'GET',
          url: api(`/registrant/graduation/${r.id}/letter`),
          headers: { authorization: `Bearer ${r.parent.token}` },
        }),
      );
    };

    const accepted = await letterOf(s.accepted.id);
    expect(accepted).toContain(flat('SURAT KETERANGAN KELULUSAN'));
    expect(accepted).toContain(flat(`dinyatakan ${s.accepted.name}`));
    expect(accepted).toContain('Selamatbergabung');

    for (const [status, title] of [
      [s.rejected, 'SURAT PEMBERITAHUAN HASIL SELEKSI'],
      [s.reserve, 'SURAT PEMBERITAHUAN HASIL SELEKSI'],
    ] as const) {
      const text = await letterOf(status.id);
      expect(text).toContain(flat(title));
      expect(text).toContain(flat(`dinyatakan ${status.name}`));
      expect(text).not.toMatch(/selamat|kelulusan/i);
    }
  });

  it('staff edit and preview the letter of each outcome on its own', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const school = `school_id=${p.schoolId}`;
    const layout = await call(t.app, {
      method: 'GET',
      url: api(`/format/graduation_rejected?${school}`),
      token: t.admin,
    });
    expect(layout.status).toBe(200);
    const template = {
      ...(layout.body.data as Record<string, unknown>),
      title: 'PENGUMUMAN UNTUK {nama}',
      body: 'Mohon maaf, Ananda {nama} dinyatakan {status}.',
    };
    const preview = asText(
      await t.app.inject({
        method: 'POST',
        url: api('/format/graduation_rejected/preview'),
        headers: { authorization: `Bearer ${t.admin}` },
        payload: { school_id: p.schoolId, template },
      }),
    );
    expect(preview).toContain(flat('Mohon maaf, Ananda Andi Pratama dinyatakan Tidak Diterima.'));
    const saved = await call(t.app, {
      method: 'PUT',
      url: api('/format/graduation_rejected'),
      token: t.admin,
      payload: { school_id: p.schoolId, template },
    });
    expect(saved.status).toBe(200);

    // The rejected family gets the edited letter; the accepted letter is untouched.
    const r = await verifiedRegistrant(t, p);
    await call(t.app, {
      method: 'POST',
      url: api(`/registrant/publish/${r.id}`),
      token: t.admin,
      payload: { mst_accepted_status_id: s.rejected.id },
    });
    const letter = asText(
      await t.app.inject({
        method: 'GET',
        url: api(`/registrant/graduation/${r.id}/letter`),
        headers: { authorization: `Bearer ${r.parent.token}` },
      }),
    );
    expect(letter).toContain(flat('Mohon maaf, Ananda'));
    expect(letter).toContain(flat(`dinyatakan ${s.rejected.name}.`));
    const acceptedLayout = await call(t.app, {
      method: 'GET',
      url: api(`/format/graduation?${school}`),
      token: t.admin,
    });
    expect((acceptedLayout.body.data as { title: string }).title).toBe('SURAT KETERANGAN KELULUSAN');
  });
});
