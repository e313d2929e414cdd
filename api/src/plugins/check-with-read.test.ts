/**
 * The staff list carries its caller's sign-in check in the list statement's own round-trip once the token has
 * passed a check before. Whatever changes between two calls of the same token must still count on the very
 * next call: sign-out, deactivation, a password change, a lost permission, a temporary password and the
 * role's schools.
 */
import { appPerFile } from '../../test/app-per-file';
import { api, call } from '../../test/helpers';
import { openPeriod, registrantIn } from '../../test/parent-journey';
import { flags } from '../../test/staff';
import { kyselyOnPool } from '../db/kysely';
import { PERMISSIONS_VERSION_HEADER } from './auth';

const t = appPerFile();

const READ = [flags('Calon Murid', 'read')];
let sd: { schoolId: number; registration: string };
let smp: { schoolId: number; registration: string };

const registrantAt = async (level: 'SD' | 'SMP') => {
  const r = await registrantIn(t, await openPeriod(t, { level }));
  return { schoolId: r.schoolId, registration: r.registrationNumber };
};

beforeAll(async () => {
  sd = await registrantAt('SD');
  smp = await registrantAt('SMP');
});

const list = (token: string) =>
  call(t.app, {
    method: 'GET',
    url: api(`/registrants/admin?school_id=${sd.schoolId}&limit=100`),
    token,
  });
const listAll = (token: string) =>
  call(t.app, { method: 'GET', url: api('/registrants/admin?limit=100'), token });
const numbers = (res: Awaited<ReturnType<typeof list>>) =>
  (res.body.data as { registration_number: string }[]).map((r) => r.registration_number).sort();

/** The token's account and role, read from its claims. */
async function accountOf(token: string) {
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  const user = await kyselyOnPool(t.ownerPool)
    .selectFrom('users')
    .select(['id', 'role_id'])
    .where('id', '=', Number(sub))
    .executeTakeFirstOrThrow();
  return { userId: user.id, roleId: user.role_id };
}

/** A staff token that has already passed one check through the list (the next call carries its check). */
async function checkedStaff(schools: number[] = []) {
  const token = await t.staff(READ, schools);
  expect((await listAll(token)).status).toBe(200);
  return token;
}

describe('GET /registrants/admin with its caller check carried in the read', () => {
  it('answers the carried call exactly as the first, fully checked one', async () => {
    const token = await t.staff(READ);
    const first = await list(token);
    const carried = await list(token);
    expect(first.status).toBe(200);
    expect(numbers(first)).toContain(sd.registration);
    expect(carried.status).toBe(200);
    expect(carried.raw).toBe(first.raw);
    expect(carried.headers[PERMISSIONS_VERSION_HEADER]).toBe(first.headers[PERMISSIONS_VERSION_HEADER]);
  });

  it('refuses a token signed out since its last call (401)', async () => {
    const token = await checkedStaff();
    expect((await call(t.app, { method: 'POST', url: api('/logout'), token })).status).toBe(200);
    const res = await list(token);
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });

  it('answers a refused caller’s malformed request with the refusal, not with what was wrong with it', async () => {
    const token = await checkedStaff();
    expect((await call(t.app, { method: 'POST', url: api('/logout'), token })).status).toBe(200);
    const res = await call(t.app, { method: 'GET', url: api('/registrants/admin?limit=tidak'), token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sesi Anda telah berakhir. Silakan masuk kembali.');
  });

  it('refuses an account deleted since its last call (401)', async () => {
    const token = await checkedStaff();
    const { userId } = await accountOf(token);
    const removed = await call(t.app, { method: 'DELETE', url: api(`/user/${userId}`), token: t.admin });
    expect(removed.status).toBe(200);
    expect((await list(token)).status).toBe(401);
  });

  it('refuses a token issued before a password change (401)', async () => {
    const token = await checkedStaff();
    const { userId } = await accountOf(token);
    await t.ownerPool.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [userId]);
    expect((await list(token)).status).toBe(401);
  });

  it('asks for the temporary password to be replaced first once staff set one (403)', async () => {
    const token = await checkedStaff();
    const { userId } = await accountOf(token);
    await t.ownerPool.query('UPDATE users SET must_change_password = true WHERE id = $1', [userId]);
    const res = await list(token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Ganti kata sandi sementara Anda terlebih dahulu.');
  });

  it('refuses once the role loses the read permission (403), and answers once it is given back', async () => {
    const token = await checkedStaff();
    const { roleId } = await accountOf(token);
    const before = (await list(token)).headers[PERMISSIONS_VERSION_HEADER];
    const setFlags = (modules: typeof READ) =>
      call(t.app, { method: 'POST', url: api(`/role_module/${roleId}`), token: t.admin, payload: modules });
    expect((await setFlags([flags('Calon Murid')])).status).toBe(200);
    const denied = await list(token);
    expect(denied.status).toBe(403);
    expect(denied.body.data).toBeUndefined();
    expect((await setFlags(READ)).status).toBe(200);
    const back = await list(token);
    expect(back.status).toBe(200);
    expect(back.headers[PERMISSIONS_VERSION_HEADER]).not.toBe(before);
  });

  it('reads under the role’s new schools on the very next call after they change', async () => {
    const token = await checkedStaff([sd.schoolId]);
    const { roleId } = await accountOf(token);
    const setSchools = (schools: number[]) =>
      call(t.app, { method: 'POST', url: api(`/role_school/${roleId}`), token: t.admin, payload: schools });
    const inSd = numbers(await listAll(token));
    expect(inSd).toContain(sd.registration);
    expect(inSd).not.toContain(smp.registration);

    expect((await setSchools([smp.schoolId])).status).toBe(200);
    const narrowed = numbers(await listAll(token));
    expect(narrowed).toContain(smp.registration);
    expect(narrowed).not.toContain(sd.registration);

    expect((await setSchools([sd.schoolId, smp.schoolId])).status).toBe(200);
    const widened = numbers(await listAll(token));
    expect(widened).toEqual(expect.arrayContaining([sd.registration, smp.registration]));
    // The same as a token checked afresh under those schools.
    expect(widened).toEqual(numbers(await listAll(await t.staff(READ, [sd.schoolId, smp.schoolId]))));
  });
});
