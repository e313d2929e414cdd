import { appPerFile, SUPERADMIN } from '../../test/app-per-file';
import { fileForm, testImage } from '../../test/file-form';
import { call, tokenFor } from '../../test/helpers';
import { demo, newRegistrant } from '../../test/parent-journey';
import { MESSAGES } from '../lib/http-error';

/**
 * Bad input sent to every route the server knows: whatever a route declares, it answers 400 naming the field
 * (or refuses earlier with another 4xx), never 5xx and never 2xx. Routes come from app.routeAccess, so a new
 * route is walked without being listed here.
 */
const t = appPerFile();
jest.setTimeout(120_000);

type Answer = Awaited<ReturnType<typeof call>>;
const fill = (url: string) => url.replace(/:[a-z_]+/g, '1');
const getRoutes = () => t.app.routeAccess.filter((r) => r.method === 'GET').map((r) => fill(r.url));
/** Routes that take a body. */
const writeRoutes = () =>
  t.app.routeAccess
    .filter((r) => !['GET', 'HEAD', 'DELETE'].includes(r.method))
    .map((r) => ({ method: r.method, url: fill(r.url) }));

const get = (url: string, query: string) =>
  call(t.app, { method: 'GET', url: `${url}?${query}`, token: t.admin });
const DATE_PAIRS = [
  ['date_from', 'date_to'],
  ['filter_date_from', 'filter_date_to'],
] as const;
/**
 * Whether the route reads `key` from its query: a value of the wrong kind there is refused naming it (and
 * not as a field the route does not know).
 */
const checks = async (url: string, key: string, wrongKind: string) => {
  const res = await get(url, `${key}=${wrongKind}`);
  const message = res.body.errors?.[key];
  return res.status === 400 && message !== undefined && message !== MESSAGES.unknownField;
};
const summary = (url: string, res: Answer) => ({
  url,
  status: res.status,
  errors: res.body.errors ? Object.keys(res.body.errors) : [],
});

describe('query values every route checks the same way', () => {
  it('an impossible calendar date is a 400 naming the field wherever a real date is taken', async () => {
    const taken: string[] = [];
    const wrong: ReturnType<typeof summary>[] = [];
    for (const url of getRoutes()) {
      for (const [from, to] of DATE_PAIRS) {
        if (!(await checks(url, from, 'bukan-tanggal'))) continue;
        taken.push(`${url} ${from}`);
        const leapDay = await get(url, `${from}=2028-02-29&${to}=2028-02-29`);
        if (leapDay.status !== 200) wrong.push(summary(`${url}?${from}=2028-02-29`, leapDay));
        for (const bad of ['2027-02-30', '2027-02-29', '2027-04-31', '2027-13-01', '0000-01-01']) {
          for (const [key, other] of [
            [from, to],
            [to, from],
          ] as const) {
            const res = await get(url, `${key}=${bad}&${other}=2027-01-01`);
            if (res.status !== 400 || !res.body.errors?.[key])
              wrong.push(summary(`${url}?${key}=${bad}`, res));
          }
        }
      }
    }
    // The reports, the registrant list and the bill lists are among the routes taking a date.
    expect(taken).toEqual(
      expect.arrayContaining([
        '/api/v1/report/payment_report date_from',
        '/api/v1/report/accounting_journal/export date_from',
        '/api/v1/registrants/admin date_from',
        '/api/v1/registrant_header_payments/admin filter_date_from',
      ]),
    );
    expect(wrong).toEqual([]);
  });

  it('a query id in exponent form, hex or out of range is a 400 naming it, like a path id', async () => {
    const { sd } = await demo(t);
    const taken: string[] = [];
    const wrong: ReturnType<typeof summary>[] = [];
    for (const url of getRoutes()) {
      if (!(await checks(url, 'school_id', 'x'))) continue;
      taken.push(url);
      const good = await get(url, `school_id=${sd}`);
      const refusedGood = good.body.errors?.school_id;
      if (refusedGood && refusedGood !== MESSAGES.unknownField)
        wrong.push(summary(`${url}?school_id=${sd}`, good));
      for (const bad of ['1e10', '2147483648', '0x10']) {
        const res = await get(url, `school_id=${bad}`);
        if (res.status !== 400 || !res.body.errors?.school_id)
          wrong.push(summary(`${url}?school_id=${bad}`, res));
      }
    }
    expect(taken).toEqual(
      expect.arrayContaining(['/api/v1/format/test_card', '/api/v1/config/format_recap']),
    );
    expect(wrong).toEqual([]);
  });
});

describe('bodies every route refuses', () => {
  // Each test signs in anew: on a server that let bad bodies through, a walk could sign the session out.
  let token: string;
  beforeEach(async () => {
    token = await tokenFor(t.app, SUPERADMIN, 'admin');
  });
  const send = (r: { method: string; url: string }, payload: string, as = token) =>
    call(t.app, {
      method: r.method as 'POST',
      url: r.url,
      token: as,
      payload,
      headers: { 'content-type': 'application/json' },
    });
  /** Every write route answers `payload` with a 4xx: the ones that do not are returned. */
  const walk = async (payload: string) => {
    const wrong: ReturnType<typeof summary>[] = [];
    for (const r of writeRoutes()) {
      const res = await send(r, payload);
      if (res.status < 400 || res.status >= 500) wrong.push(summary(`${r.method} ${r.url}`, res));
    }
    return wrong;
  };

  it('a JSON null body is a 400 naming the body, on every route', async () => {
    const r = await newRegistrant(t);
    const res = await send({ method: 'PUT', url: `/api/v1/registrant/account/${r.id}` }, 'null');
    expect({ status: res.status, errors: res.body.errors }).toEqual({
      status: 400,
      errors: { body: expect.any(String) },
    });
    expect(await walk('null')).toEqual([]);
  });

  it('an unpaired surrogate in any text is a 400 naming the field, never stored', async () => {
    const { sd } = await demo(t);
    const school = await send({ method: 'PUT', url: `/api/v1/school/${sd}` }, '{"name":"SD \\ud800"}');
    expect({ status: school.status, errors: school.body.errors }).toEqual({
      status: 400,
      errors: { name: expect.any(String) },
    });
    const { rows } = await t.ownerPool.query<{ name: string }>('SELECT name FROM schools WHERE id = $1', [
      sd,
    ]);
    expect(rows[0]!.name).not.toContain('\ufffd');

    const r = await newRegistrant(t);
    const answer = (text: string) =>
      send(
        { method: 'POST', url: '/api/v1/registrant_answer' },
        `{"registrant_id":${r.id},"data":{"1":"${text}"}}`,
        r.parent.token,
      );
    const lone = await answer('Siti \\ud800 Aminah');
    expect({ status: lone.status, errors: lone.body.errors }).toEqual({
      status: 400,
      errors: { 'data.1': expect.any(String) },
    });
    // A well-formed pair (an emoji) stays welcome.
    expect((await answer('Siti \\ud83d\\ude00 Aminah')).status).toBe(200);

    expect(await walk('{"name":"Sekolah \\ud800","title":"\\udc00","data":{"1":"Siti\\ud800"}}')).toEqual([]);
  });

  it('an id listed twice is a 400 naming the list', async () => {
    const { rows } = await t.ownerPool.query<{ id: number }>("SELECT id FROM roles WHERE name = 'teacher'");
    const { sd } = await demo(t);
    const url = `/api/v1/role_school/${rows[0]!.id}`;
    const named = await send({ method: 'POST', url }, JSON.stringify({ school_ids: [sd, sd] }));
    expect({ status: named.status, errors: named.body.errors }).toEqual({
      status: 400,
      errors: { school_ids: expect.any(String) },
    });
    const bare = await send({ method: 'POST', url }, JSON.stringify([sd, sd]));
    expect(bare.status).toBe(400);
    const cards = await send(
      { method: 'PUT', url: '/api/v1/registrant/publish/test_bulk' },
      JSON.stringify({ registrant_ids: [1, 1] }),
    );
    expect({ status: cards.status, errors: cards.body.errors }).toEqual({
      status: 400,
      errors: { registrant_ids: expect.any(String) },
    });
  });
});

describe('multipart', () => {
  it('an upload without its closing boundary is a 400', async () => {
    const r = await newRegistrant(t);
    const form = fileForm(await testImage('png', 20, 20), 'foto.png', 'image/png');
    const cut = form.payload.subarray(0, form.payload.length - 12);
    const res = await call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/upload/${r.id}?folder=photo`,
      token: r.parent.token,
      payload: cut,
      headers: form.headers,
    });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: expect.any(String),
    });
    const whole = await call(t.app, {
      method: 'POST',
      url: `/api/v1/registrant/upload/${r.id}?folder=photo`,
      token: r.parent.token,
      ...form,
    });
    expect(whole.status).toBe(200);
  });
});
