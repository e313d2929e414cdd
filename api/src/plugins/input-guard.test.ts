import { appPerFile } from '../../test/app-per-file';
import { call, tokenFor } from '../../test/helpers';
import { CONTROL_CHAR_MESSAGE } from './input-guard';

let parent: string;
const t = appPerFile();
beforeAll(async () => {
  parent = await tokenFor(t.app, 'orangtua@demo.sch.id');
});

const refused = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body.message,
});

describe('control characters', () => {
  it('refuses NUL in a public JSON body with 400 and an Indonesian message', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      payload: { username: 'a\u0000@b.c', password: 'rahasia1', type: 'user' },
    });
    expect(refused(res)).toEqual({ status: 400, message: CONTROL_CHAR_MESSAGE });
    expect(res.body.errors).toEqual({ username: CONTROL_CHAR_MESSAGE });
  });

  it('refuses NUL in a staff list query and in a path', async () => {
    const query = await call(t.app, { method: 'GET', url: '/api/v1/schools?search=a%00b', token: t.admin });
    expect(refused(query)).toEqual({ status: 400, message: CONTROL_CHAR_MESSAGE });
    const path = await call(t.app, { method: 'GET', url: '/api/v1/public/content/a%00b' });
    expect(refused(path)).toEqual({ status: 400, message: CONTROL_CHAR_MESSAGE });
  });

  it('refuses NUL and other controls in an answer value, nested at any depth', async () => {
    for (const value of ['Siti\u0000Aminah', 'bel\u0007', { a: ['x', 'y\u001b'] }]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/registrant_answer',
        token: parent,
        payload: { registrant_id: 1, data: { '1': value } },
      });
      expect(refused(res)).toEqual({ status: 400, message: CONTROL_CHAR_MESSAGE });
    }
  });

  it('keeps tab and line breaks inside body text (addresses, announcements), but not in the query', async () => {
    const multiLine = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      payload: { username: 'baris\n@b.c', password: 'rahasia1\t', type: 'user' },
    });
    expect(multiLine.body.message).not.toBe(CONTROL_CHAR_MESSAGE);
    const query = await call(t.app, { method: 'GET', url: '/api/v1/schools?search=a%0Ab', token: t.admin });
    expect(refused(query)).toEqual({ status: 400, message: CONTROL_CHAR_MESSAGE });
  });
});

describe('strict ids', () => {
  it('accepts a plain positive id and refuses other spellings in the path', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>('SELECT id FROM schools ORDER BY id LIMIT 1');
    const id = rows[0]!.id;
    expect((await call(t.app, { method: 'GET', url: `/api/v1/school/${id}`, token: t.admin })).status).toBe(
      200,
    );
    for (const bad of ['true', '%201%20', '1e3', '0x10', '01', '-1', '0', '1.0', '99999999999']) {
      const res = await call(t.app, { method: 'GET', url: `/api/v1/school/${bad}`, token: t.admin });
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 400,
        message: expect.any(String),
      });
    }
  });

  it('refuses ids in a JSON body that are not numbers or plain digits', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM roles WHERE name = 'teacher'");
    const role = rows[0]!.id;
    for (const bad of [true, ' 1 ', '1e3', '0x10']) {
      const res = await call(t.app, {
        method: 'POST',
        url: `/api/v1/role_school/${role}`,
        token: t.admin,
        payload: [bad],
      });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
  });
});
