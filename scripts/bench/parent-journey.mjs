// Issue budgets of the parent journey: autosave of one page of answers and the address cascade lookups.
import { benchHttp, formatRun, measured } from './http.mjs';

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** `ip`: the client address the server sees (it trusts X-Forwarded-For here), as 50 parents have 50. */
async function post(url, path, body, token, ip) {
  const init = json(body);
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (ip) init.headers['x-forwarded-for'] = ip;
  const res = await fetch(`${url}/api/v1/${path}`, init);
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${data.message}`);
  return data;
}
const get = async (url, path, token) =>
  (
    await fetch(`${url}/api/v1/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  ).json();

/** One page of answers as a parent sends it on a page change (the candidate's personal data). */
export const PAGE = {
  1: 'Ananda Bench',
  2: 'Nanda',
  3: 'Indonesia',
  4: '2020-05-17',
  5: 'Perempuan',
  6: 'Katolik',
  7: 'O',
  8: '+62215551234',
  9: '+6281234567890',
  10: 'Jl. Merdeka No. 1',
  57: 'Jawa Barat',
  58: 'Kota Bandung',
  59: 'Coblong',
  60: 'Dago',
  61: '40135',
  19: 'Tidak',
};

/** `count` parents, each with their own registrant (so saves do not queue on one row). */
export async function registrants(url, admin, count) {
  const year = (await get(url, 'public/active_year')).school_year;
  const vouchers = (
    await post(url, 'mst_token/create', { count, school_year_id: year.id, note: 'bench' }, admin)
  ).data;
  const periods = (await get(url, 'public/school_period')).data.filter((p) => p.is_open);
  const out = [];
  for (let i = 0; i < count; i++) {
    const period = periods[i % periods.length];
    const school = encodeURIComponent(period.school_name);
    const classes = (await get(url, `public/mst_class?school_name=${school}&school_period_id=${period.id}`))
      .data;
    const cls = classes.find((c) => c.remaining > 0);
    const email = `bench${Date.now()}${i}@contoh.id`;
    const ip = `10.20.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    await post(url, 'public/register', { name: `Bench ${i}`, email, password: 'rahasia123' }, undefined, ip);
    const { token } = await post(
      url,
      'public/login',
      { username: email, password: 'rahasia123' },
      undefined,
      ip,
    );
    const body = {
      token: vouchers[i].token,
      password: 'rahasia123',
      school_id: period.school_id,
      school_period_id: period.id,
      mst_class_id: cls.id,
    };
    const { data } = await post(url, 'registrant', body, token);
    out.push({ token, id: data.id });
  }
  return out;
}

export async function benchParentJourney(server, report, { duration, adminToken }) {
  const parents = await registrants(server.url, adminToken, 50);
  let next = 0;
  const autosave = await measured({
    url: `${server.url}/api/v1/registrant_answer`,
    method: 'POST',
    connections: 50,
    duration,
    // Each connection is one parent saving their own registrant's page.
    setupClient(client) {
      const p = parents[next++ % parents.length];
      client.setHeadersAndBody(
        { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        JSON.stringify({ registrant_id: p.id, data: PAGE }),
      );
    },
  });
  report(
    'POST /registrant_answer (one page, 50 parents), 50 conn',
    formatRun(autosave),
    '≥ 1,500 req/s, p99 < 50 ms',
  );

  const q = 'provinsi_name=Jawa%20Barat&kabupaten_name=Kota%20Bandung&kecamatan_name=Coblong';
  for (const [name, path] of [
    ['GET /public/provinsi', 'public/provinsi'],
    ['GET /public/kelurahan (one kecamatan)', `public/kelurahan?${q}`],
    ['GET /public/kode_pos', `public/kode_pos?${q}&kelurahan_name=Dago`],
  ]) {
    const run = await benchHttp(`${server.url}/api/v1/${path}`, { connections: 50, duration });
    const bytes = (await (await fetch(`${server.url}/api/v1/${path}`)).arrayBuffer()).byteLength;
    report(`${name}, 50 conn`, `${formatRun(run)}, ${bytes} B`, 'p99 < 10 ms');
  }
}
