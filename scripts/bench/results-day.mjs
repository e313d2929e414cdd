// Results day: every parent reads their own result at the same minute, and the public announcement keeps
// answering while PostgreSQL is down.
import autocannon from 'autocannon';

const READS = 20_000;
const SECONDS = 10;
const ANNOUNCEMENT_READS = 50;

/** 20,000 reads in 10 s, each connection a parent reading their own result with their own session. */
export async function readResults(url, parents) {
  if (parents.length === 0) return { total: 0, seconds: 0, p50: Number.NaN, p99: Number.NaN, errors: READS };
  let next = 0;
  const run = await autocannon({
    url,
    connections: parents.length,
    amount: READS,
    overallRate: READS / SECONDS,
    timeout: 10,
    setupClient(client) {
      const p = parents[next++ % parents.length];
      client.setRequest({
        method: 'GET',
        path: `/api/v1/registrant/graduation/${p.id}`,
        headers: { authorization: `Bearer ${p.token}`, 'x-forwarded-for': p.ip },
      });
    },
  });
  return {
    total: run.requests.total,
    seconds: run.duration,
    p50: run.latency.p50,
    p99: run.latency.p99,
    errors: run.errors + run.timeouts + run.non2xx,
  };
}

const announcementUrl = (url) => `${url}/api/v1/public/content/interview_announcement`;

/**
 * Publishes an announcement, reads it once, stops the embedded PostgreSQL (fast shutdown of its postmaster)
 * and reads it again and again. Without an embedded database to stop (BENCH_DATABASE_URL), nothing is read.
 */
export async function announcementsWithDatabaseDown(server, adminToken, postmasterPid) {
  if (!postmasterPid) return { ok: 0, total: 0 };
  const put = await fetch(`${server.url}/api/v1/config/interview_announcement`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      data: { title: 'Pengumuman Hasil Seleksi', body: 'Hasil seleksi diumumkan hari ini.', schedule: [] },
    }),
  });
  if (!put.ok) throw new Error(`publishing the announcement: ${put.status}`);
  if (!(await fetch(announcementUrl(server.url))).ok) throw new Error('announcement not readable');

  process.kill(postmasterPid, 'SIGINT');
  for (let i = 0; i < 100 && alive(postmasterPid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(postmasterPid)) throw new Error('PostgreSQL did not stop');

  let ok = 0;
  for (let i = 0; i < ANNOUNCEMENT_READS; i++) {
    const res = await fetch(announcementUrl(server.url), { signal: AbortSignal.timeout(5000) }).catch(
      () => null,
    );
    const body = res ? await res.json().catch(() => null) : null;
    if (res?.status === 200 && body?.data?.title === 'Pengumuman Hasil Seleksi') ok++;
  }
  return { ok, total: ANNOUNCEMENT_READS };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
