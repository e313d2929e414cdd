/**
 * A registrant by its registration number through HTTP: staff with Calon Murid read get the registrant (the
 * role's schools only); the public GET asks for the birth date and looks nothing up.
 */
import type { Registrant } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { newRegistrant, openPeriod } from '../../../../test/parent-journey';
import { flags } from '../../../../test/staff';

const t = appPerFile();
const get = (path: string, token?: string) => call(t.app, { method: 'GET', url: api(path), token });

describe('GET /registrant/registration_number/{n} (staff)', () => {
  it('answers the registrant as GET /registrant/{id} does, whatever the case of the number', async () => {
    const r = await newRegistrant(t);
    const byNumber = await get(
      `/registrant/registration_number/${r.registrationNumber.toLowerCase()}`,
      t.admin,
    );
    expect(byNumber.status).toBe(200);
    expect((byNumber.body.data as Registrant).id).toBe(r.id);
    expect(byNumber.body).toEqual((await get(`/registrant/${r.id}`, t.admin)).body);
    expect((await get('/registrant/registration_number/TIDAKADA999', t.admin)).status).toBe(404);
  });

  it('needs Calon Murid read, refuses parents, keeps a limited role to its schools and refuses bad numbers', async () => {
    const r = await newRegistrant(t);
    const path = `/registrant/registration_number/${r.registrationNumber}`;
    expect((await get(path, await t.staff([flags('Calon Murid')]))).status).toBe(403);
    expect((await get(path, r.parent.token)).status).toBe(403);
    expect((await get(path)).status).toBe(401);
    const smp = await openPeriod(t, { level: 'SMP' });
    const otherSchool = await t.staff([flags('Calon Murid', 'read')], [smp.schoolId]);
    expect((await get(path, otherSchool)).status).toBe(404);
    const sameSchool = await t.staff([flags('Calon Murid', 'read')], [r.schoolId]);
    expect((await get(path, sameSchool)).status).toBe(200);
    const tooLong = await get(`/registrant/registration_number/${'A'.repeat(41)}`, t.admin);
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, { n: 'Nomor pendaftaran terlalu panjang.' }]);
  });
});

describe('GET /public/registrant/registration_number/{n}', () => {
  it('asks for the birth date (400) without saying whether the number exists', async () => {
    const r = await newRegistrant(t);
    const known = await get(`/public/registrant/registration_number/${r.registrationNumber}`);
    const unknown = await get('/public/registrant/registration_number/TIDAKADA999');
    expect(known.status).toBe(400);
    expect(known.body).toEqual({
      success: false,
      message:
        'Tanggal lahir calon murid wajib diisi. Cek status dengan nomor pendaftaran dan tanggal lahir pada halaman Cek Status.',
      errors: { birth_date: 'Tanggal lahir wajib diisi.' },
    });
    expect(unknown.body).toEqual(known.body);
  });
});
