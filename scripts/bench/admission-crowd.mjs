// The opening-minute crowd: parents arriving at a fixed rate (an open model: a slow server does not slow the
// arrivals), each doing what a parent does on the first morning. A parent the waiting room holds (503 +
// Retry-After + ticket) waits as told and comes back with the ticket, as the shell does; one who is then
// served counts as served. Every acknowledged save is checked in the read-back at the end of the journey.
const PASSWORD = 'rahasia123';
const QUEUE_TICKET_HEADER = 'x-queue-ticket';

/** The four pages a parent fills in, each saved on its own (the autosave on a page change). */
const pages = (i) => [
  { 1: `Ananda Antre ${i}`, 2: 'Nanda', 3: 'Indonesia', 4: '2020-05-17' },
  { 5: 'Perempuan', 6: 'Katolik', 7: 'O', 8: '+62215551234' },
  { 9: '+6281234567890', 10: `Jl. Merdeka No. ${i}`, 19: 'Tidak' },
  { 57: 'Jawa Barat', 58: 'Kota Bandung', 59: 'Coblong', 60: 'Dago', 61: '40135' },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One parent's calls. `timed` records each call's latency under its step name; a 503 of the waiting room or
 * of a full hash pool is waited out (Retry-After) and sent again with the ticket, until `deadline`.
 */
function parentClient(url, ip, deadline, record) {
  let token;
  let ticket;
  const send = async (step, method, path, body) => {
    for (;;) {
      const headers = { 'x-forwarded-for': ip };
      if (body) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      if (ticket) headers[QUEUE_TICKET_HEADER] = ticket;
      const began = performance.now();
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(Math.round(Math.max(1000, deadline - began))),
      });
      const text = await res.text();
      record.timed(step, performance.now() - began);
      const data = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
      if (res.status === 503 && res.headers.get('retry-after')) {
        if (typeof data === 'object' && data.ticket) ticket = data.ticket;
        const wait = Number(res.headers.get('retry-after')) * 1000;
        if (performance.now() + wait > deadline) throw new Error(`${step}: still waiting at the deadline`);
        record.waits++;
        await sleep(wait);
        continue;
      }
      if (!res.ok) throw new Error(`${step}: ${res.status} ${typeof data === 'object' ? data.message : ''}`);
      return data;
    }
  };
  return { send, setToken: (t) => (token = t) };
}

async function journey(url, i, ctx, record) {
  const ip = `10.${60 + Math.floor(i / 60000)}.${Math.floor(i / 250) % 240}.${(i % 250) + 1}`;
  const c = parentClient(url, ip, ctx.deadline, record);
  await c.send('home', 'GET', '/');
  await c.send('first_page', 'GET', '/api/v1/public/first_page');
  const email = `antre-${ctx.tag}-${i}@contoh.id`;
  const reg = await c.send('register', 'POST', '/api/v1/public/register', {
    name: `Orang Tua ${i}`,
    email,
    password: PASSWORD,
  });
  record.admittedAt = performance.now();
  c.setToken(reg.token);
  const made = await c.send('redeem', 'POST', '/api/v1/registrant', {
    token: ctx.vouchers[i],
    school_id: ctx.schoolId,
    school_period_id: ctx.periodId,
    mst_class_id: ctx.classId,
  });
  const id = made.data.id;
  const acknowledged = {};
  for (const page of pages(i)) {
    await c.send('autosave', 'POST', '/api/v1/registrant_answer', { registrant_id: id, data: page });
    Object.assign(acknowledged, page);
  }
  const back = (await c.send('read_back', 'GET', `/api/v1/registrant/${id}`)).data.question_answer;
  record.lost = Object.entries(acknowledged).filter(([k, v]) => String(back[k]) !== String(v)).length;
  record.registrant = { id, token: reg.token, ip };
}

/**
 * Sends `count` parents at `perSecond`, each on its own address (as many households are), and waits for all
 * (at most `maxSeconds` after the last arrival). Returns one record per parent.
 */
export async function runCrowd(url, { count, perSecond, maxSeconds, vouchers, schoolId, periodId, classId }) {
  const started = performance.now();
  const arrivalsEnd = started + (count / perSecond) * 1000;
  const ctx = {
    tag: Date.now().toString(36),
    deadline: arrivalsEnd + maxSeconds * 1000,
    vouchers,
    schoolId,
    periodId,
    classId,
  };
  const latencies = {};
  const records = [];
  const runs = [];
  for (let i = 0; i < count; i++) {
    const at = started + (i * 1000) / perSecond;
    const ahead = at - performance.now();
    if (ahead > 1) await sleep(ahead);
    const record = {
      i,
      arrivedAt: performance.now(),
      waits: 0,
      timed(step, ms) {
        latencies[step] ??= [];
        latencies[step].push(ms);
      },
    };
    records.push(record);
    runs.push(
      journey(url, i, ctx, record).then(
        () => {
          record.doneAt = performance.now();
        },
        (err) => {
          record.error = err.message;
        },
      ),
    );
  }
  await Promise.all(runs);
  return { records, latencies, started, seconds: (performance.now() - started) / 1000 };
}
