// Slow phones downloading exports while staff use the console: the request pool must not be held by them.
import http from 'node:http';
import { benchHttp, formatRun } from './http.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A client that reads an export at about 160 KB/s (one 16 KB chunk every 100 ms), like a phone on a weak
 * connection. Resolves once the response headers are in; `stop()` hangs up.
 */
function slowReader(url, headers) {
  const stats = { status: 0, bytes: 0 };
  let req;
  const started = new Promise((resolve, reject) => {
    req = http.get(url, { headers }, async (res) => {
      stats.status = res.statusCode;
      resolve();
      try {
        for await (const chunk of res) {
          stats.bytes += chunk.length;
          await sleep(100);
        }
      } catch {
        // hung up by stop()
      }
    });
    req.on('error', reject);
  });
  return { started, stats, stop: () => req.destroy() };
}

/** `readers` slow export downloads in flight while autocannon measures the list route. */
export async function benchListWithSlowExports(
  report,
  { exportUrl, listUrl, headers, duration, readers = 20 },
) {
  const t0 = performance.now();
  const clients = Array.from({ length: readers }, () => slowReader(exportUrl, headers));
  await Promise.all(clients.map((c) => c.started.catch(() => {})));
  const ready = ((performance.now() - t0) / 1000).toFixed(1);
  const run = await benchHttp(listUrl, { connections: 50, duration, headers });
  const statuses = clients.map((c) => c.stats.status);
  const downloading = clients.filter((c) => c.stats.status === 200).length;
  const readMb = clients.reduce((n, c) => n + c.stats.bytes, 0) / 1024 / 1024;
  for (const c of clients) c.stop();
  report(
    `GET /mst_classes, 50 conn, while ${readers} slow export readers download`,
    formatRun(run),
    '≥ 2,000 req/s, p99 < 50 ms',
  );
  report(
    `  the ${readers} slow export readers`,
    `${downloading} downloading (statuses ${[...new Set(statuses)].join('/')}), all started within ${ready} s, ${readMb.toFixed(1)} MB read during the run`,
  );
}
