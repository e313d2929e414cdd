// What test:topology does through HAProxy: parents' journeys in a burst (an instance killed and restarted,
// the replica stopped meanwhile), the staff list's version across instances, reports without the replica.

/** How long a caller stays in the server's waiting room before the journey counts as failed. */
const WAITING_ROOM_MS = 180_000;

/**
 * A client as the web app is one: a request that got no answer (connection cut, 502/503 from the balancer)
 * is sent again when repeating it is safe — reads, and writes that set a state (the autosave) or whose
 * repetition the server refuses harmlessly (registration: "already registered" then means it was made).
 * The waiting room's 503 (a full password-hash pool) is waited out as the web client does: after Retry-After,
 * the same request again with the ticket that keeps the caller's place in line.
 */
export function client(url, { ip, log = () => {} } = {}) {
  let retried = 0;
  let waited = 0;
  const call = async (method, path, { body, token, safe = method === 'GET' } = {}) => {
    let ticket;
    const leaveLineBy = Date.now() + WAITING_ROOM_MS;
    for (let attempt = 1; ; attempt++) {
      let res;
      try {
        res = await fetch(`${url}/api/v1/${path}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(ip ? { 'x-forwarded-for': ip } : {}),
            ...(ticket ? { 'x-queue-ticket': ticket } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      } catch (err) {
        res = { status: 0, err };
      }
      const data = res.json ? await res.json().catch(() => ({})) : {};
      if (res.status === 503 && typeof data.ticket === 'string' && Date.now() < leaveLineBy) {
        // Held in line: nothing was done, so waiting and asking again is safe for any request.
        waited++;
        ticket = data.ticket;
        attempt--;
        await new Promise((r) =>
          setTimeout(r, Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000),
        );
        continue;
      }
      const lost = res.status === 0 || res.status === 502 || res.status === 503 || res.status === 504;
      if (lost && safe && attempt < 6) {
        retried++;
        log(`${method} ${path}: ${res.status || res.err?.message}, sent again`);
        await new Promise((r) => setTimeout(r, 200 * attempt));
        continue;
      }
      return { status: res.status, data, attempt };
    }
  };
  return { call, retried: () => retried, waited: () => waited };
}

/** The answer's body when it is a 2xx, else an error naming the step and the server's message. */
export const expectOk = (what, r) => {
  if (r.status < 200 || r.status > 299) throw new Error(`${what}: ${r.status} ${r.data?.message ?? ''}`);
  return r.data;
};

/** A payment type of its own for a check (named after it), made by staff through `url`. */
export async function newPaymentType(url, token, name) {
  const run = Date.now().toString(36);
  const created = await client(url).call('POST', 'mst_type_payment', {
    body: { name: `${name} ${run}`, code: `${name.slice(0, 3).toUpperCase()}-${run}` },
    token,
  });
  return expectOk('payment type', created).data;
}

/** One page of answers (the candidate's personal data), different per parent and per save. */
const page = (n, save) => ({
  1: `Ananda Topologi ${n}`,
  2: `Nanda ${save}`,
  3: 'Indonesia',
  4: '2020-05-17',
  5: 'Perempuan',
  10: `Jl. Merdeka No. ${save}`,
});

/** Vouchers and open periods the parents register with (staff prepare them once). */
export async function prepare(url, count) {
  const staff = client(url);
  const { token } = expectOk(
    'staff login',
    await staff.call('POST', 'public/login', {
      body: { username: 'superadmin@demo.sch.id', password: 'demo1234', type: 'admin' },
    }),
  );
  const year = expectOk('year', await staff.call('GET', 'public/active_year')).school_year;
  const vouchers = expectOk(
    'vouchers',
    await staff.call('POST', 'mst_token/create', {
      body: { count, school_year_id: year.id, note: 'topology' },
      token,
    }),
  ).data;
  const periods = expectOk('periods', await staff.call('GET', 'public/school_period')).data.filter(
    (p) => p.is_open,
  );
  const places = [];
  for (const p of periods) {
    const q = `public/mst_class?school_name=${encodeURIComponent(p.school_name)}&school_period_id=${p.id}`;
    const cls = expectOk('classes', await staff.call('GET', q)).data.find((c) => c.remaining > 0);
    if (cls) places.push({ school_id: p.school_id, school_period_id: p.id, mst_class_id: cls.id });
  }
  if (places.length === 0) throw new Error('no open period with places');
  return { adminToken: token, vouchers, places };
}

/**
 * One parent: register, sign in, start a registrant with a voucher, autosave `saves` pages, read it back.
 * Returns the acknowledged saves, so the end can check none was lost.
 */
export async function parentJourney(url, n, { voucher, place, saves, log }) {
  const ip = `10.77.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  const c = client(url, { ip, log });
  const email = `topologi${Date.now()}${n}@contoh.id`;
  const reg = await c.call('POST', 'public/register', {
    body: { name: `Orang Tua ${n}`, email, password: 'rahasia123' },
    safe: true,
  });
  // 409 on a repeat: the first attempt registered the account before its answer was lost.
  if (reg.status !== 200 && !(reg.status === 409 && reg.attempt > 1)) expectOk('register', reg);
  const { token } = expectOk(
    'login',
    await c.call('POST', 'public/login', { body: { username: email, password: 'rahasia123' }, safe: true }),
  );
  let registrant = (await c.call('GET', 'registrants', { token })).data?.data?.[0];
  // A lost answer to this POST is not repeated blindly: the parent's list says whether it was made, and only
  // when it was not is the voucher offered again (an instance killed mid-request, or a full hash pool's 503).
  for (let attempt = 1; !registrant; attempt++) {
    const made = await c.call('POST', 'registrant', {
      body: { token: voucher, password: 'rahasia123', ...place },
      token,
    });
    registrant =
      made.status === 200 ? made.data.data : (await c.call('GET', 'registrants', { token })).data?.data?.[0];
    const lost = [0, 502, 503, 504].includes(made.status);
    if (!registrant && (!lost || attempt >= 6)) expectOk('registrant', made);
    if (!registrant) await new Promise((r) => setTimeout(r, 300 * attempt));
  }
  const acknowledged = [];
  for (let s = 1; s <= saves; s++) {
    const data = page(n, s);
    const r = await c.call('POST', 'registrant_answer', {
      body: { registrant_id: registrant.id, data },
      token,
      safe: true,
    });
    expectOk('autosave', r);
    acknowledged.push(data);
  }
  const back = expectOk('read back', await c.call('GET', `registrant/${registrant.id}`, { token })).data;
  const last = acknowledged.at(-1);
  for (const [q, v] of Object.entries(last))
    if (String(back.question_answer?.[q] ?? '') !== v) throw new Error(`parent ${n}: answer ${q} lost`);
  return { retried: c.retried(), waited: c.waited(), saves: acknowledged.length };
}
