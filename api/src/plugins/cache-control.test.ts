import { appPerFile } from '../../test/app-per-file';
import { fileForm, testImage } from '../../test/file-form';
import { call } from '../../test/helpers';
import { newRegistrant } from '../../test/parent-journey';

/** Parents use shared computers: nothing the api answers about an account may stay in a browser's cache. */
const t = appPerFile();

describe('Cache-Control of api answers', () => {
  it('signed-in answers, refusals and a parent file are no-store', async () => {
    const r = await newRegistrant(t);
    const me = await call(t.app, { method: 'GET', url: '/api/v1/me', token: r.parent.token });
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await call(t.app, { method: 'GET', url: '/api/v1/registrants/admin', token: t.admin });
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await call(t.app, { method: 'GET', url: '/api/v1/me' });
    expect([refused.status, refused.headers['cache-control']]).toEqual([401, 'no-store']);
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/public/login',
      payload: { username: r.parent.email, password: 'demo1234', type: 'user' },
    });
    expect(login.headers['cache-control']).toBe('no-store');

    const up = await call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/upload/${r.id}?folder=photo`,
      token: r.parent.token,
      ...fileForm(await testImage('png', 20, 20), 'foto.png', 'image/png'),
    });
    expect(up.status).toBe(200);
    const file = await call(t.app, { method: 'GET', url: String(up.body.url_gcs), token: r.parent.token });
    expect([file.status, file.headers['cache-control']]).toEqual([200, 'no-store']);
  });

  it('public data the same for everyone keeps its own cache', async () => {
    const theme = await call(t.app, { method: 'GET', url: '/api/v1/public/first_page' });
    expect(theme.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });
});
